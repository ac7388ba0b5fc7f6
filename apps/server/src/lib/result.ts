/** Expected failures are values; the route turns a failure into its HTTP answer through `unwrap`. */
export type Result<T, C extends string> = { ok: true; value: T } | { ok: false; code: C; message?: string };

export const ok = <T>(value: T) => ({ ok: true, value }) as const;
/** `message`: a text more precise than the code's catalogue message (a row number, a limit). */
export const fail = <C extends string>(code: C, message?: string) =>
  (message === undefined ? { ok: false, code } : { ok: false, code, message }) as {
    readonly ok: false;
    readonly code: C;
    readonly message?: string;
  };
