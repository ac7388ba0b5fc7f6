import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ChangeFeed } from '../../db/client.js';
import { SESSION_CACHE_CHANNEL, type SessionCache } from './session-cache.js';

const REDIS_CHANNEL = 'prospector:session-cache';

/**
 * Keeps a process's session cache in step with every process's changes. This process's own changes
 * are applied before the call that made them returns (the feed's `onLocal`). Other processes' reach
 * it through PostgreSQL LISTEN on a connection of its own, or, with a Redis URL, through Redis
 * pub/sub, where each process publishes its own changes once they are committed (a PgBouncer in
 * transaction mode cannot LISTEN). While that channel is down the cache is not served.
 */
export async function startSessionSync(deps: {
  cache: SessionCache;
  changes: ChangeFeed;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const { cache, changes, log } = deps;
  let publisher: Redis | null = null;
  const stopLocal = await changes.onLocal(SESSION_CACHE_CHANNEL, (payload) => {
    cache.invalidate(payload);
    publisher?.publish(REDIS_CHANNEL, payload).catch((err: unknown) => {
      log.warn({ err }, 'session cache change not published; other processes drop it within their TTL');
    });
  });
  const onState = (listening: boolean) => {
    if (listening === cache.live) return;
    cache.setLive(listening);
    if (listening) log.debug('session cache: listening for changes');
    else log.warn('session cache: change channel lost, tokens are read from the database until it is back');
  };

  if (!deps.redisUrl) {
    const listener = changes.listen(SESSION_CACHE_CHANNEL, (p) => cache.invalidate(p), onState);
    return {
      async close() {
        stopLocal();
        await listener.close();
      },
    };
  }

  publisher = new Redis(deps.redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(deps.redisUrl);
  for (const r of [publisher, subscriber])
    r.on('error', (err) => log.debug({ err }, 'session cache: redis connection error'));
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === REDIS_CHANNEL) cache.invalidate(payload);
  });
  subscriber.on('close', () => onState(false));
  subscriber.on('ready', () => {
    subscriber.subscribe(REDIS_CHANNEL).then(
      () => onState(true),
      () => onState(false),
    );
  });
  return {
    async close() {
      stopLocal();
      await Promise.all([publisher.quit().catch(() => {}), subscriber.quit().catch(() => {})]);
    },
  };
}
