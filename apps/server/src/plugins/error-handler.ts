import { messages } from '@prospector/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, errorCatalogue } from '../lib/errors.js';

/**
 * The one place an error becomes an HTTP answer `{ code, message }`. Domain codes come from the
 * catalogue; validation failures are 400 with field paths; 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
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
        .send({ code: 'VALIDATION', message: fields[0]?.message ?? messages.http.badRequest, fields });
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
    // Drizzle's error text carries the SQL and every parameter: log the driver's cause instead.
    req.log.error({ err: err.name === 'DrizzleQueryError' && err.cause ? err.cause : err }, 'request failed');
    return reply.code(500).send({ code: 'INTERNAL', message: messages.shell.genericError });
  });
}
