/** Expected failures are values; the route turns a failure into its HTTP answer through `unwrap`. */
export type Result<T, C extends string> = { ok: true; value: T } | { ok: false; code: C };

export const ok = <T>(value: T) => ({ ok: true, value }) as const;
export const fail = <C extends string>(code: C) => ({ ok: false, code }) as const;
