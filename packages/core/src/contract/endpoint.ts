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
