import type { z } from 'zod';
import { messages, SECOND_FACTOR_REQUIRED, type Endpoint } from '@prospector/core';
import { appConfig } from '../config/app-config';
import { ApiError } from './api-error';
import { notifyError, notifySuccess } from './notify';
import { endSession } from './session';
import { getToken } from './session-store';

export { ApiError } from './api-error';

export type CallOptions = {
  /** Values for `:name` placeholders of the endpoint's path. */
  params?: Record<string, string>;
  /** Query-string values (empty ones are left out). */
  query?: Record<string, string | undefined>;
  /** Send this token instead of the session's (null: send none). */
  token?: string | null;
  /** No toast on failure: the caller shows the problem itself, or there is nothing to say. */
  quiet?: boolean;
  signal?: AbortSignal;
};

const OK = 200;
const BAD_GATEWAY = 502;
const UNAUTHORIZED = 401;
const ACCEPTED = 202;

function buildUrl(
  path: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return `${appConfig.apiOrigin}${filled}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

function codeOf(body: unknown): string {
  if (body && typeof body === 'object' && 'code' in body) {
    const { code } = body as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return 'UNKNOWN';
}

/**
 * The one way the web talks to the API (spec part 1 §7). A 202 answer counts as success and its
 * message is shown as a confirmation. Failures show the server's message, else 'Something went
 * wrong!'; a 502 is silent; a 401 on an authenticated call ends the session.
 */
export async function call<TBody extends z.ZodType, TResponse extends z.ZodType>(
  endpoint: Endpoint<TBody, TResponse>,
  body?: z.input<TBody>,
  options: CallOptions = {},
): Promise<z.infer<TResponse>> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const sendsBody = endpoint.method !== 'GET' && body !== undefined;
  if (sendsBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.params, options.query), {
      method: endpoint.method,
      headers,
      body: sendsBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    throw unreachable(cause, options);
  }

  const data = await readJson(response);
  if (response.ok) {
    if (response.status === ACCEPTED) {
      const confirmation = messageOf(data);
      if (confirmation) notifySuccess(confirmation);
    }
    return answerOf(endpoint, response, data);
  }

  throw failure(response, data, { token, auth: endpoint.auth, quiet: options.quiet });
}

/**
 * A 200's body, checked against the endpoint's response schema outside production: a mismatch is a
 * bug on one side (or in a test's fake server), so it is logged and thrown, never shown as data.
 * The body is returned as it came, so development behaves as production does.
 */
function answerOf<TResponse extends z.ZodType>(
  endpoint: Endpoint<z.ZodType, TResponse>,
  response: Response,
  data: unknown,
): z.infer<TResponse> {
  if (appConfig.parsesResponses && response.status === OK) {
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      // The issues as data, not zod's pretty printer: that would put zod in the entry (issue 30).
      const issues = parsed.error.issues.map((issue) => `✖ ${issue.message} at ${issue.path.join('.')}`);
      const problem = `${endpoint.method} ${endpoint.path} answered outside its contract:\n${issues.join('\n')}`;
      console.error(problem);
      throw new Error(problem);
    }
  }
  return data as z.infer<TResponse>;
}

/** The server could not be reached (an aborted call stays aborted). */
function unreachable(cause: unknown, options: CallOptions): unknown {
  if (options.signal?.aborted) return cause;
  if (!options.quiet) notifyError(messages.shell.genericError);
  return new ApiError(0, 'NETWORK', messages.shell.genericError);
}

/** A failed answer as an ApiError, after ending a rejected session and showing the message. */
function failure(
  response: Response,
  data: unknown,
  { token, auth, quiet }: { token: string | null; auth: boolean; quiet?: boolean },
): ApiError {
  const message = messageOf(data) ?? messages.shell.genericError;
  // A staff call without a fresh second factor (ADR 025) is a 401 too, but the session lives on: the
  // admin area asks for the code instead.
  const sessionRejected =
    response.status === UNAUTHORIZED &&
    codeOf(data) !== SECOND_FACTOR_REQUIRED &&
    auth &&
    token !== null &&
    token === getToken();
  if (sessionRejected) endSession();
  if (!quiet && response.status !== BAD_GATEWAY) notifyError(message);
  return new ApiError(response.status, codeOf(data), message);
}

export type FileAnswer = {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */ fileName: string | null;
};

/**
 * A GET whose answer is a file, not JSON (an agent's zip): the session's token, and failures (JSON
 * `{ message }`) handled as `call` handles them.
 */
export async function callForFile(path: string, options: CallOptions = {}): Promise<FileAnswer> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params, options.query), {
      headers,
      signal: options.signal,
    });
  } catch (cause) {
    throw unreachable(cause, options);
  }
  if (!response.ok)
    throw failure(response, await readJson(response), { token, auth: true, quiet: options.quiet });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null };
}

/**
 * A call whose body is a multipart form (an avatar, a spreadsheet to import): `call`'s rules, with the
 * browser setting the multipart Content-Type and its boundary.
 */
export async function callWithForm<TResponse extends z.ZodType>(
  endpoint: Endpoint<z.ZodType, TResponse>,
  form: FormData,
  options: CallOptions = {},
): Promise<z.infer<TResponse>> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.params, options.query), {
      method: endpoint.method,
      headers,
      body: form,
      signal: options.signal,
    });
  } catch (cause) {
    throw unreachable(cause, options);
  }
  const data = await readJson(response);
  if (response.ok) return answerOf(endpoint, response, data);
  throw failure(response, data, { token, auth: endpoint.auth, quiet: options.quiet });
}
