/**
 * Issue 3's targets: POST /api/dashboard/get and POST /api/services/search p95 with a team of 100,000
 * records, 300,000 identifiers and 1,000,000 messages. Sequential requests over real HTTP, so the
 * figure is the latency one user sees, not throughput.
 */
export async function measureLatency(url: string, token: string, body: () => object, requests: number) {
  const times: number[] = [];
  for (let i = 0; i < requests + 10; i++) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body()),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { requests, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
}

const TERMS = [
  'smith',
  'garcia',
  'elm st',
  '9162003',
  '+19162104455',
  'sacramento',
  'okafor',
  'maple dr 4',
  'patel',
  '2104',
];
export const searchBody =
  (i = { n: 0 }) =>
  () => ({ text: TERMS[i.n++ % TERMS.length], type: 'all' });
