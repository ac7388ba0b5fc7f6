import { deviceAddressRefusal, deviceHostRefusal } from '@prospector/core';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** A call to a phone or Mac that did not get an HTTP answer: refused address, unreachable, timeout. */
export class RemoteUnreachable extends Error {}

export type RemoteAnswer = { status: number; json: unknown };
export type RemoteCall = (
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
) => Promise<RemoteAnswer>;

const TIMEOUT_MS = 15_000;

/**
 * JSON over HTTP to a device the team runs (ADR 034): private LAN addresses are allowed, loopback,
 * link-local (cloud metadata) and the like are not. A literal address is judged before the socket
 * opens, a name by every address it resolves to, in the lookup the socket itself uses.
 */
export function createRemoteCall(options: { allowLoopback: boolean }): RemoteCall {
  const guardedLookup: LookupFunction = (hostname, opts, callback) => {
    dnsLookup(hostname, { ...opts, all: true }, (err, list: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      for (const { address } of list) {
        const why = deviceAddressRefusal(address, options);
        if (why) return callback(new RemoteUnreachable(`refused: ${hostname} is ${why}`), '', 4);
      }
      if (opts.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  return (raw, init) => {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const why = isIP(host) ? deviceAddressRefusal(host, options) : deviceHostRefusal(url.hostname, options);
    if (why) return Promise.reject(new RemoteUnreachable(`refused: ${url.hostname} is ${why}`));
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        {
          method: init.method,
          headers: {
            accept: 'application/json',
            ...(body !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            ...init.headers,
          },
          lookup: guardedLookup,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
          res.on('error', (e) => reject(new RemoteUnreachable(e.message)));
        },
      );
      req.on('timeout', () => req.destroy(new RemoteUnreachable(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (e) => reject(e instanceof RemoteUnreachable ? e : new RemoteUnreachable(e.message)));
      req.end(body);
    });
  };
}
