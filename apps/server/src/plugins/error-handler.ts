import { messages, serverMessages } from '@prospector/core';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import { DomainError, type ErrorAnswer, type ErrorCatalogues, type ErrorCode } from '../lib/errors.js';
/**
 * The one place an error becomes an HTTP answer `{ code, message }`. Domain codes come from the
 * catalogue; validation failures are 400 with field paths; 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance, catalogues: ErrorCatalogues) {
  // The one map from error code to HTTP status and message (whole, since the catalogues are).
  const errorCatalogue = Object.fromEntries(
    Object.values(catalogues).flatMap((catalogue) => Object.entries(catalogue)),
  ) as Record<ErrorCode, ErrorAnswer>;
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      const { status, message } = errorCatalogue[err.code];
      return reply
        .code(status)
        .headers(err.headers)
        .send({ code: err.code, message: err.detail ?? message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        path:
          String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.') ||
          (v.params?.['missingProperty'] as string) ||
          '',
        message: String(v.message ?? 'Invalid value'),
      }));
      return reply
        .code(400)
        .send({ code: 'VALIDATION', message: fields[0]?.message ?? serverMessages.http.badRequest, fields });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause ?? err }, 'response did not match its contract');
      return reply.code(500).send({ code: 'INTERNAL', message: messages.shell.genericError });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (err.code ?? 'BAD_REQUEST');
      return reply.code(status).send({ code, message: err.message });
    }
    // The database unreachable for a moment (restarting, failing over): the client may try again.
    if (causeChain(err).some(isConnectionError)) {
      req.log.warn({ err }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ code: 'UNAVAILABLE', message: serverMessages.http.busy });
    }
    // A failed query is logged by serializeError: its code and its statement, never its values.
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: 'INTERNAL', message: messages.shell.genericError });
  });
}

/** What a PostgreSQL error says that names things, never values (its `detail` quotes the row). */
const DRIVER_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'];

type DriverError = Error & Record<(typeof DRIVER_FIELDS)[number], unknown>;

/** What the logger prints for an error (pino's own shape). */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** An error PostgreSQL sent (pg and PGlite alike): a five-character SQLSTATE and a severity. */
function isDriverError(err: unknown): err is DriverError {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return (
    err instanceof Error &&
    typeof e?.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    typeof e.severity === 'string'
  );
}

/**
 * A lost or refused database connection, not a failed statement: a socket error, a SQLSTATE of class 08
 * (connection exception) or 57P01-57P03 (the server shutting down or starting), or node-postgres's own
 * words for a connection that ended.
 */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|08...|57P0[123])$/.test(code))
    return true;
  return (
    err instanceof Error &&
    /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
      err.message,
    )
  );
}

/** The error and its causes, outermost first. */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e instanceof Error && chain.length < 10 && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

/**
 * A SQL statement with every literal value replaced by `?`: string, escape and dollar-quoted
 * literals and numbers. Identifiers, keywords and the `$1` placeholders stay, so the statement still
 * says which query failed.
 */
export function redactSql(statement: string): string {
  const token =
    /("(?:[^"]|"")*")|(\$\d+)|(\$([A-Za-z_]\w*)?\$[\s\S]*?\$\4\$)|((?:[EeBbXxNn]|[Uu]&)?'(?:[^'\\]|\\.|'')*'?)|([A-Za-z_][\w$]*)|(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/g;
  return statement.replace(
    token,
    (match, quotedIdent?: string, placeholder?: string, dollar?: string, _tag?: string, literal?: string) =>
      quotedIdent || placeholder || (!dollar && !literal && /^[A-Za-z_]/.test(match)) ? match : '?',
  );
}

/** A driver message with what it quotes removed: PostgreSQL quotes the offending value ("…"). */
function redactDriverMessage(message: string): string {
  return message.replace(/"(?:[^"]|"")*"/g, '"?"').replace(/\b0x[0-9a-f]{2}\b(?: 0x[0-9a-f]{2})*/gi, '0x?');
}

/** Frames of a stack, without its first line (which repeats the message, SQL and parameters included). */
function framesOf(err: unknown): string {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * The logger's `err` serializer. Drizzle's query error carries the whole SQL and every parameter in
 * its message, its stack and its own fields, and PostgreSQL's error quotes the row in `detail`: pino's
 * default serializer prints all of that. For an error with either anywhere in its causes this logs the
 * SQLSTATE, the constraint, table and column, the statement with its values redacted and the number
 * of parameters; any other error goes to pino's default.
 */
export function serializeError(err: Error): SerializedError {
  // Typed as an Error, but pino hands over whatever was logged under `err`, a message string too.
  const logged: unknown = err;
  if (typeof logged === 'string')
    return (/Failed query:/.test(logged) ? 'Failed query (redacted)' : logged) as unknown as SerializedError;
  const chain = causeChain(err);
  const query = chain.find((e): e is DrizzleQueryError => e instanceof DrizzleQueryError);
  const driver = chain.find(isDriverError);
  if (!query && !driver) return stdSerializers.err(err);
  const outer = chain[0] as Error;
  const said = driver ? redactDriverMessage(driver.message) : 'Failed query';
  const wrapper = redactDriverMessage(outer.message.replace(/Failed query:[\s\S]*/, 'Failed query'));
  const message = outer === query || outer === driver ? said : `${wrapper}: ${said}`;
  const type = outer.constructor?.name || outer.name;
  return {
    type,
    message,
    ...Object.fromEntries(DRIVER_FIELDS.filter((k) => driver?.[k] !== undefined).map((k) => [k, driver![k]])),
    ...(query ? { statement: redactSql(query.query), params: query.params.length } : {}),
    stack: `${type}: ${message}\n${framesOf(outer)}`,
  };
}
