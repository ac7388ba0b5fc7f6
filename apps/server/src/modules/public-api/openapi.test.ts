import { Validator } from '@seriousme/openapi-schema-validator';
import {
  buildOpenApiDocument,
  openApiPath,
  V1_ENDPOINTS,
  v1CreateList,
  type V1Endpoint,
} from '@prospector/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

type Doc = { paths: Record<string, Record<string, Operation>> };
type Media = { schema: object; example?: unknown };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

/** Each example of the document that its own schema refuses, as `method path (where): errors`. */
function exampleProblems(doc: Doc): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const problems: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const media = [
        ['request', op.requestBody?.content['application/json']],
        ['200', op.responses['200']?.content?.['application/json']],
      ] as const;
      for (const [where, m] of media) {
        if (!m) continue;
        if (m.example === undefined) problems.push(`${method} ${path} (${where}): no example`);
        else if (!ajv.validate(m.schema, m.example))
          problems.push(`${method} ${path} (${where}): ${ajv.errorsText(ajv.errors)}`);
      }
    }
  return problems;
}

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Doc>();
}, 60_000);
afterAll(async () => t.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document by a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every public route the app registers, and no route it does not', () => {
    const served = t.app.routeList
      .filter((r) => r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/docs') && r.method !== 'HEAD')
      .filter((r) => r.url !== '/api/v1/openapi.json')
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`)
      .sort();
    const described = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    expect(served.length).toBeGreaterThanOrEqual(V1_ENDPOINTS.length);
    expect(described).toEqual(served);
  });

  it('has examples that validate against their own schemas, and a wrong example is caught', () => {
    expect(exampleProblems(doc)).toEqual([]);
    for (const e of V1_ENDPOINTS) {
      if (e.body) expect(e.body.safeParse(e.example.body).success, e.operationId).toBe(true);
      expect(e.response.safeParse(e.example.response).success, e.operationId).toBe(true);
    }
    const broken: V1Endpoint = { ...v1CreateList, example: { body: { name: 7 }, response: { id: 'x' } } };
    const planted = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1', endpoints: [broken] }) as Doc;
    expect(exampleProblems(planted)).toHaveLength(2);
  });

  it('serves a reference page whose scripts load from the server itself under the product’s CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/v1/docs/assets/standalone.js', '/api/v1/docs/init.js']);
    for (const src of scripts) {
      const res = await t.app.inject({ method: 'GET', url: src });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/docs/assets/../../package.json' })).statusCode,
    ).toBe(404);
  });
});
