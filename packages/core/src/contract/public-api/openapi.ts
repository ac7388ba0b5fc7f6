import { z } from 'zod';
import { API_SCOPE_LABELS, API_SCOPES } from '../../rules/public-api.js';
import { V1_TAGS, v1Error, type V1Endpoint } from './v1-define.js';
import { V1_ENDPOINTS } from './v1.js';

type Json = Record<string, unknown>;

/**
 * JSON Schema (draft 2020-12, which OpenAPI 3.1 uses as is) of a contract schema: the shape a caller
 * sends (`input`: defaults make a field optional) or receives (`output`). Refinements that JSON
 * Schema cannot say (the contract's check for characters the database cannot store) are left out.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** `/api/v1/contacts/:id` → `/api/v1/contacts/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const ERRORS: Record<string, string> = {
  '400': 'The request is not valid: `fields` names each field and what is wrong with it.',
  '401': 'No API key, an unknown key, or a revoked key.',
  '403': 'The key lacks the scope this call needs.',
  '404': 'Nothing of the team’s has this id.',
  '409': 'The Idempotency-Key was used with a different request, or its first request is still running.',
  '429': 'Over the key’s limit per minute: try again after `RateLimit-Reset` seconds.',
};

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Calls per minute this key may make.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in this minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } },
};

function parametersOf(e: V1Endpoint): Json[] {
  const out: Json[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const s = jsonSchemaOf(schema, 'input') as { properties?: Json; required?: string[] };
    for (const [name, prop] of Object.entries(s.properties ?? {}))
      out.push({ name, in: where, required: where === 'path' || !!s.required?.includes(name), schema: prop });
  };
  add(e.params, 'path');
  add(e.query, 'query');
  if (e.idempotent)
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any unique string (1–255 visible ASCII characters). Sent again with the same request within 24 hours, ' +
        'the call is not repeated: the answer is the first call’s.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  return out;
}

/** A JSON body, or a form with a file (its fields as text parts beside the file's part `file`). */
function requestBodyOf(e: V1Endpoint): Json {
  if (e.body)
    return {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(e.body, 'input'), example: e.example.body } },
      },
    };
  if (!e.form) return {};
  const fields = jsonSchemaOf(e.form.fields, 'input') as { properties?: Json; required?: string[] };
  const file = {
    type: 'string',
    contentMediaType: e.form.file.mediaType,
    description: e.form.file.description,
  };
  return {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...fields.properties, file },
            required: [...(fields.required ?? []), 'file'],
          },
          example: { ...e.example.form, file: 'name,phone\nDana Whitfield,(916) 432-7788\n' },
        },
      },
    },
  };
}

function operationOf(e: V1Endpoint): Json {
  const errors = Object.fromEntries(
    Object.entries(ERRORS)
      .filter(([code]) => (code !== '409' || e.idempotent) && (code !== '404' || e.params))
      .map(([code, description]) => [
        code,
        { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      ]),
  );
  return {
    operationId: e.operationId,
    summary: e.summary,
    tags: [e.tag],
    security: [{ apiKey: [] }],
    'x-scope': e.scope,
    description: `${e.description ? `${e.description}\n\n` : ''}Needs the scope \`${e.scope}\` (${API_SCOPE_LABELS[e.scope]}).`,
    parameters: parametersOf(e),
    ...requestBodyOf(e),
    responses: {
      '200': {
        description: 'Done.',
        headers: RATE_HEADERS,
        content: {
          'application/json': { schema: jsonSchemaOf(e.response, 'output'), example: e.example.response },
        },
      },
      ...errors,
    },
  };
}

/** The OpenAPI 3.1 document of the public API v1, from the same contract the server validates with. */
export function buildOpenApiDocument(opts: { serverUrl: string; endpoints?: readonly V1Endpoint[] }): Json {
  const paths: Record<string, Json> = {};
  for (const e of opts.endpoints ?? V1_ENDPOINTS) {
    const path = openApiPath(e.path);
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operationOf(e) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prospector API',
      version: '1.0.0',
      description:
        'The public API of a Prospector team. Make a key in Settings > Other > API keys and send it as ' +
        '`Authorization: Bearer <key>`. Each key has scopes: ' +
        API_SCOPES.map((s) => `\`${s}\``).join(', ') +
        '. Every error answers `{ code, message }` (and `fields` for a 400).',
    },
    servers: [{ url: opts.serverUrl }],
    tags: V1_TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A team API key (`pk_…`).' },
      },
      schemas: { Error: jsonSchemaOf(v1Error, 'output') },
    },
  };
}
