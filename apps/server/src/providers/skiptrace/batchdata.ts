import { lineTypeOf, SKIPTRACE_BATCH_SIZE, type TraceResult, type TracedPerson } from '@prospector/core';
import { SkiptraceFailedError, type SkiptraceProvider, type TraceRequest } from './skiptrace.js';

/*
 * BatchData's V3 property skip trace (POST {base}/api/v3/property/skip-trace, `Authorization: Bearer
 * <key>`): up to 100 `requests`, each a `propertyAddress` {street, city, state, zip}, an optional
 * `name` {first, last} and our `requestId`, echoed in each answer's `input`. The answer:
 * `{ status: { code, text }, result: { data: [{ input, persons: [{ name, phones: [{ number, type,
 * dnc, tcpa, rank }], emails: [{ email, rank }] }], meta: { matched, error } }] } }`. Only matched
 * properties are billed by BatchData. We ask for TCPA-listed phones too
 * (`includeTCPABlacklistedPhones`) and keep each phone's DNC flag: a DNC phone is stored as DNC, never
 * dropped silently. Errors: 400 (bad request), 401/403 (key refused), 429 (rate limited), 5xx.
 */

type V3Phone = { number?: string; type?: string; dnc?: boolean; tcpa?: boolean; rank?: number };
type V3Person = {
  name?: { first?: string; last?: string; full?: string };
  phones?: V3Phone[];
  emails?: { email?: string; rank?: number }[];
  deceased?: boolean;
};
type V3Item = {
  input?: { requestId?: string };
  persons?: V3Person[];
  meta?: { matched?: boolean; error?: boolean };
};
type V3Response = {
  status?: { code?: number; text?: string; message?: string };
  result?: { data?: V3Item[] };
};

const TIMEOUT_MS = 30_000;

const byRank = <T extends { rank?: number }>(a: T, b: T) => (a.rank ?? 99) - (b.rank ?? 99);

/** One person of V3's answer as ours: phones in BatchData's rank order (it puts mobiles first). */
function toPerson(p: V3Person): TracedPerson {
  const full = p.name?.full?.trim() ?? '';
  const first = p.name?.first?.trim() || full.split(/\s+/)[0] || '';
  const last = p.name?.last?.trim() || full.split(/\s+/).slice(1).join(' ');
  return {
    firstName: first,
    lastName: last,
    phones: [...(p.phones ?? [])]
      .sort(byRank)
      .filter((ph): ph is V3Phone & { number: string } => !!ph.number)
      .map((ph) => ({ number: ph.number, lineType: lineTypeOf(ph.type), dnc: ph.dnc === true })),
    emails: [...(p.emails ?? [])]
      .sort(byRank)
      .map((e) => e.email ?? '')
      .filter(Boolean),
  };
}

export function createBatchData(opts: {
  key: string;
  baseUrl: string;
  fetch?: typeof fetch;
}): SkiptraceProvider {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = new URL('/api/v3/property/skip-trace', opts.baseUrl);

  async function post(requests: TraceRequest[]): Promise<V3Response> {
    const body = {
      requests: requests.map((r) => {
        const words = r.owner.trim().split(/\s+/).filter(Boolean);
        return {
          requestId: r.id,
          propertyAddress: { street: r.street, city: r.city, state: r.state, zip: r.zip },
          ...(words.length > 1 ? { name: { first: words[0], last: words.slice(1).join(' ') } } : {}),
        };
      }),
      options: { includeTCPABlacklistedPhones: true },
    };
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${opts.key}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new SkiptraceFailedError(`BatchData unreachable: ${(err as Error).message}`, false);
    }
    const json = (await res.json().catch(() => ({}))) as V3Response;
    if (!res.ok) {
      const said = json.status?.message ?? json.status?.text ?? '';
      // A refused key or request stays refused; a rate limit or a server error may pass.
      const permanent = res.status === 400 || res.status === 401 || res.status === 403;
      throw new SkiptraceFailedError(`BatchData answered HTTP ${res.status} ${said}`.trim(), permanent);
    }
    return json;
  }

  return {
    kind: 'batchdata',
    maxBatch: SKIPTRACE_BATCH_SIZE,
    async trace(requests) {
      const out = new Map<string, TraceResult>();
      const parts: TraceRequest[][] = [];
      for (let i = 0; i < requests.length; i += SKIPTRACE_BATCH_SIZE)
        parts.push(requests.slice(i, i + SKIPTRACE_BATCH_SIZE));
      // A few hundred addresses go as requests of 100 at once: their latencies overlap.
      const answers = await Promise.all(parts.map((part) => post(part)));
      for (const [k, json] of answers.entries()) {
        const part = parts[k]!;
        const asked = new Set(part.map((r) => r.id));
        for (const item of json.result?.data ?? []) {
          const id = item.input?.requestId;
          // An answer is ours by its echoed requestId, never by its position.
          if (!id || !asked.has(id)) continue;
          const matched = item.meta?.matched === true && item.meta.error !== true;
          out.set(id, {
            matched,
            persons: matched ? (item.persons ?? []).filter((p) => !p.deceased).map(toPerson) : [],
          });
        }
        // An address the answer left out is a miss: it was not matched, so not billed.
        for (const r of part) if (!out.has(r.id)) out.set(r.id, { matched: false, persons: [] });
      }
      return out;
    },
  };
}
