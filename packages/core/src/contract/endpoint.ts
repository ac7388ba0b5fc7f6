import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call: the server registers it, the web calls it; both read the same schemas. */
export type Endpoint<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TAuth extends boolean = boolean,
  TQuery extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  path: string;
  body?: TBody;
  params?: TParams;
  /** Query-string parameters of a GET. */
  query?: TQuery;
  response: TResponse;
  /** false for the few calls a logged-out visitor may make. */
  auth: TAuth;
  /** true for the internal admin calls: only verified staff (403 'nope.' for everyone else). */
  staff?: true;
  /**
   * true for the staff calls that set up or give the second factor itself: every other staff call
   * needs a session whose second factor is fresh (401 'Second factor required').
   */
  secondFactorStep?: true;
};

export function defineEndpoint<
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  const TAuth extends boolean = boolean,
  TQuery extends z.ZodType = z.ZodType,
>(e: Endpoint<TBody, TResponse, TParams, TAuth, TQuery>) {
  return e;
}
