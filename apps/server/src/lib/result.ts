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

/**
 * Thrown inside a transaction to roll it back and answer the failure `code`: caught by `refusable`
 * (or a module's own runner) around the transaction, it never reaches a route.
 */
export class Refused<C extends string = string> extends Error {
  constructor(readonly code: C) {
    super(code);
  }
}

/** Runs `work`, answering the failure a `Refused` inside it names (its transaction rolled back). */
export async function refusable<T, C extends string>(work: () => Promise<T>): Promise<Result<T, C>> {
  try {
    return ok(await work());
  } catch (err) {
    if (err instanceof Refused) return fail(err.code as C);
    throw err;
  }
}
