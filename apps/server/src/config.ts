import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IMPORT_MAX_ROWS, DEFAULT_SUPPORT_ALERT_MINUTES } from '@prospector/core';
import { DEFAULT_INBOUND_RATE } from '@prospector/core/rules/device-inbound';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every environment variable the server reads, with its default and meaning. The README's
 * configuration table is this list; keep them in step.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_SIZE: positiveInt(10),
    DATABASE_DISPATCH_POOL_SIZE: positiveInt(2),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    /**
     * How long a process may answer a token from its session cache before it reads the database again
     * (modules/auth/session-cache.ts); changes reach the caches at once, this bounds a missed one. 0: off.
     */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    /**
     * Load shedding (plugins/overload.ts): API requests in flight at once, and the event-loop delay in
     * ms, above which a new API request is answered 503 with Retry-After at once. 0: that limit is off.
     */
    OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(1000),
    OVERLOAD_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Prospector <no-reply@localhost>'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    STAFF_EMAILS: list,
    CONTACT_EMAIL: z.email().default('support@example.com'),
    BOOK_DEMO_URL: z.url().optional(),
    LOGIN_IP_MAX_5MIN: positiveInt(3),
    LOGIN_IP_MAX_DAY: positiveInt(10),
    TRUST_PROXY: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
    IMPORT_MAX_ROWS: positiveInt(DEFAULT_IMPORT_MAX_ROWS),
    IMPORT_WORKER: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    IMPORT_LEASE_MS: positiveInt(60_000),
    /** Workbooks read at once, each in a worker thread with its own heap limit (about 30-90 MB each). */
    IMPORT_XLSX_WORKERS: positiveInt(2),
    /** An upload not imported within this many hours is deleted with its file. */
    UPLOAD_TTL_HOURS: positiveInt(24),
    /** Megabytes of uploads one team may hold while they wait to be imported or are importing. */
    UPLOAD_QUOTA_MB: positiveInt(500),
    DEVICE_MAX_IN_FLIGHT: positiveInt(50),
    DEVICE_JOB_TIMEOUT_MS: positiveInt(3_600_000),
    DEVICE_SWEEP_MS: positiveInt(1000),
    /**
     * Whether this process runs the simulated phones (a device agent inside the server). Behind a
     * balancer exactly one process should (deploy/README.md); the others hand new ones to it.
     */
    SIMULATED_PHONES_HOST: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    DEVICE_RETRY_BASE_MS: positiveInt(30_000),
    DEVICE_INBOUND_PER_SECOND: positiveInt(DEFAULT_INBOUND_RATE.perSecond),
    DEVICE_INBOUND_BURST: positiveInt(DEFAULT_INBOUND_RATE.burst),
    HOOKS_ALLOW_PRIVATE: bool,
    /**
     * Phones (SMS Gateway local server) and Macs (BlueBubbles) the server calls: how often each is
     * polled for states and replies, and whether their address may be loopback (tests only, ADR 034).
     */
    REMOTE_DEVICES_POLL_MS: positiveInt(5_000),
    REMOTE_DEVICES_ALLOW_LOOPBACK: bool,
    /** Webhook deliveries one process sends at once (ADR 045); the retry schedule is Svix's. */
    WEBHOOK_CONCURRENCY: positiveInt(64),
    WEBHOOK_POLL_MS: positiveInt(1000),
    PUBLIC_API_PER_MINUTE: positiveInt(60),
    CAMPAIGN_ENGINE: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    CAMPAIGN_TICK_MS: positiveInt(2000),
    /**
     * How old the admin panel's per-team figures may be for sorting by a figure and for the totals
     * (ADR 025); the rows shown are always read fresh. 0 reads them at every request.
     */
    ADMIN_PANEL_SNAPSHOT_MS: z.coerce.number().int().min(0).default(30_000),
    CAMPAIGN_GAP_MIN_MS: z.coerce.number().int().min(0).default(20_000),
    CAMPAIGN_GAP_MAX_MS: z.coerce.number().int().min(0).default(60_000),
    CAMPAIGN_FIRST_TOUCH_CAP: positiveInt(50),
    CAMPAIGN_BATCH_PER_DEVICE: positiveInt(10),
    CAMPAIGN_MAX_PER_TICK: positiveInt(200),
    GOOGLE_MAPS_KEY: z.string().min(10).optional(),
    GOOGLE_MAPS_URL: z.url().default('https://maps.googleapis.com'),
    /** BatchData's API key for skip tracing; unset → the demo provider (fictional 555-01xx numbers). */
    BATCHDATA_API_KEY: z.string().min(10).optional(),
    BATCHDATA_URL: z.url().default('https://api.batchdata.com'),
    /** Batches of a list-wide skip-trace run in flight at once (each one hold, one commit). */
    SKIPTRACE_CONCURRENCY: positiveInt(2),
    /** Properties per batch: sent at once as provider requests of up to 100 addresses. */
    SKIPTRACE_BATCH: positiveInt(1000),
    /** Run list-wide skip traces in this process (tests that drive the engine themselves turn it off). */
    SKIPTRACE_ENGINE: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** A run whose process has not renewed its lease for this long is taken over by another. */
    SKIPTRACE_LEASE_MS: positiveInt(60_000),
    /** Run bulk-action jobs in this process (tests that drive the job themselves turn it off). */
    BULK_ENGINE: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** A bulk job whose process has not renewed its lease for this long is taken over by another. */
    BULK_LEASE_MS: positiveInt(60_000),
    /** Records a bulk job changes per transaction. */
    BULK_CHUNK: positiveInt(2_000),
    /** Twilio Programmable Voice for the dialler; all four set → real calls, else the simulated line. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC…)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_API_KEY_SID: z
      .string()
      .regex(/^SK[0-9a-fA-F]{32}$/, 'must be an API key SID (SK…)')
      .optional(),
    TWILIO_API_KEY_SECRET: z.string().min(16).optional(),
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    /**
     * Without GOOGLE_MAPS_KEY: the tile server Leaflet maps are drawn from, a URL template with {z}, {x}
     * and {y} (and optionally {s}, {r}); unset → no map, the address with a link out.
     */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
      .refine((u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)), 'must contain {z}, {x} and {y}')
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
    /** Without GOOGLE_MAPS_KEY: a Nominatim geocoder's base URL, for coordinates and address parts. */
    MAP_GEOCODER_URL: z.url().optional(),
    /** Stripe's secret key: card payments and subscriptions; unset → 'Payments are not configured'. */
    STRIPE_SECRET_KEY: z.string().min(10).optional(),
    /** Stripe's publishable key, for card entry in the browser; payments need both keys. */
    STRIPE_PUBLISHABLE_KEY: z.string().min(10).optional(),
    /** The signing secret of the webhook endpoint (POST /api/billing/webhook); unset → webhooks refused. */
    STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
    /** Where Stripe's API is: tests and local fakes point it at 127.0.0.1. */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    /** Seconds a webhook's signature timestamp may be old (Stripe's default tolerance). */
    STRIPE_WEBHOOK_TOLERANCE_S: positiveInt(300),
    /** Minutes a team's support message may wait unanswered before STAFF_EMAILS are e-mailed about it. */
    SUPPORT_ALERT_MINUTES: positiveInt(DEFAULT_SUPPORT_ALERT_MINUTES),
  })
  .superRefine((env, ctx) => {
    // In production a login code may only travel by mail: the log mailer would print it.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production' });
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'PUBLIC_URL'> & { PUBLIC_URL: string; authSecret: string };

export class ConfigError extends Error {}

/** Parses the environment once. Bad values throw a ConfigError naming each variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    DATA_DIR: path.resolve(env.DATA_DIR),
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(env.DATA_DIR),
  };
}

/** Without AUTH_SECRET (embedded default) a random secret is kept in DATA_DIR so restarts keep codes valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A configuration for tests: defaults plus overrides, never read from the process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = envSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Uploads land here; each test process has its own folder.
    DATA_DIR: path.join(os.tmpdir(), `prospector-test-${process.pid}`),
  });
  return {
    ...base,
    PUBLIC_URL: 'http://localhost',
    authSecret: 'test-secret-test-secret-test-secret-123',
    // Engine tests run ticks themselves, on a movable clock.
    CAMPAIGN_ENGINE: false,
    // Tests read the admin panel's figures right after writing them.
    ADMIN_PANEL_SNAPSHOT_MS: 0,
    // A slow test machine must not have its requests shed; the overload tests set their own limits.
    OVERLOAD_MAX_IN_FLIGHT: 0,
    OVERLOAD_MAX_LOOP_DELAY_MS: 0,
    ...overrides,
  };
}

/**
 * The team's shared test data (`../shared/data` beside the checkout; SHARED_DATA_DIR elsewhere, e.g. a
 * CI clone in another folder). Tests and the bench read it; the product never does.
 */
export function sharedDataDir(source: Record<string, string | undefined> = process.env): string {
  const candidates = [source['SHARED_DATA_DIR'], path.join(REPO_ROOT, '../shared/data'), '/work/shared/data'];
  return (
    candidates.find((c): c is string => Boolean(c && existsSync(c))) ?? path.join(REPO_ROOT, '../shared/data')
  );
}
