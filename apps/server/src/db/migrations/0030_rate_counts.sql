CREATE TABLE "rate_counts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_counts_key_window_start_pk" PRIMARY KEY("key","window_start")
);
