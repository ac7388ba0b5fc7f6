import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { devicePlatform } from '@prospector/core/contract/device';

/**
 * `agent.config.json`, written by the server into the download zip. Every field has a default (except
 * the three that say who and where the device is), a validator and a description.
 */
const simReply = z.object({
  /** Case-insensitive substring of the text sent; no `match` answers every text. */
  match: z.string().min(1).optional(),
  /** Answers only texts to numbers ending in one of these digits; absent: any number. */
  lastDigits: z.array(z.string().regex(/^\d$/)).min(1).optional(),
  reply: z.string().min(1).max(5000),
  delayMs: z.number().int().min(0).optional(),
});

const simOptions = z.object({
  /** How long a send takes, and then how long until the text is delivered. */
  latencyMs: z.number().int().min(0).default(0),
  /** Share of sends that fail (0–1), drawn from a seeded generator so runs repeat. */
  failureRate: z.number().min(0).max(1).default(0),
  seed: z.number().int().default(1),
  replies: z.array(simReply).default([]),
});

const androidOptions = z.object({
  /** SIM slot for `termux-sms-send -s`; the phone's default SIM when absent. */
  simSlot: z.number().int().min(0).max(7).optional(),
  /** How often the inbox is read. */
  pollMs: z.number().int().min(500).default(5000),
});

const macosOptions = z.object({
  service: z.enum(['SMS', 'iMessage']).default('SMS'),
  pollMs: z.number().int().min(500).default(5000),
  chatDbPath: z.string().min(1).default('~/Library/Messages/chat.db'),
});

const configFile = z.object({
  serverUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  deviceToken: z.string().min(20, 'must be the device token from the Devices screen').max(200),
  driver: devicePlatform,
  /** Default: `journal.jsonl` beside the config file. */
  journalPath: z.string().min(1).optional(),
  /** Default 1 on a phone (one text at a time), 100 for the sim. */
  maxConcurrentSends: z.number().int().min(1).max(1000).optional(),
  /** Pause between two sends. Default 3000 on a phone (carriers flag bursts), 0 for the sim. */
  sendIntervalMs: z.number().int().min(0).max(600_000).optional(),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  sim: simOptions.prefault({}),
  android: androidOptions.prefault({}),
  macos: macosOptions.prefault({}),
});

export type SimReply = z.infer<typeof simReply>;
export type SimOptions = z.infer<typeof simOptions>;
export type AndroidOptions = z.infer<typeof androidOptions>;
export type MacosOptions = z.infer<typeof macosOptions>;

export type AgentConfig = Omit<
  z.infer<typeof configFile>,
  'journalPath' | 'maxConcurrentSends' | 'sendIntervalMs'
> & {
  journalPath: string;
  maxConcurrentSends: number;
  sendIntervalMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

function unknownFields(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const record = raw as Record<string, unknown>;
  const nested = { sim: simOptions, android: androidOptions, macos: macosOptions } as const;
  const out = Object.keys(record).filter((k) => !(k in configFile.shape));
  for (const [key, schema] of Object.entries(nested)) {
    const value = record[key];
    if (typeof value !== 'object' || value === null) continue;
    out.push(
      ...Object.keys(value)
        .filter((k) => !(k in schema.shape))
        .map((k) => `${key}.${k}`),
    );
  }
  return out;
}

/**
 * Validates a parsed config file. Relative paths are resolved against `configDir`. Returns warnings for
 * fields it does not know (ignored, so a newer server can add fields without breaking older agents).
 */
export function parseConfig(raw: unknown, configDir: string): { config: AgentConfig; warnings: string[] } {
  const result = configFile.safeParse(raw, {
    error: (issue) => (issue.input === undefined ? 'is required' : undefined),
  });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new ConfigError(`Invalid agent config:\n${lines.join('\n')}`);
  }
  const file = result.data;
  const phone = file.driver !== 'sim';
  const config: AgentConfig = {
    ...file,
    serverUrl: file.serverUrl.replace(/\/+$/, ''),
    journalPath: path.resolve(configDir, expandHome(file.journalPath ?? 'journal.jsonl')),
    maxConcurrentSends: file.maxConcurrentSends ?? (phone ? 1 : 100),
    sendIntervalMs: file.sendIntervalMs ?? (phone ? 3000 : 0),
    macos: { ...file.macos, chatDbPath: path.resolve(configDir, expandHome(file.macos.chatDbPath)) },
  };
  const warnings = unknownFields(raw).map((f) => `unknown config field "${f}" is ignored`);
  return { config, warnings };
}

export function loadConfig(configPath: string): { config: AgentConfig; warnings: string[] } {
  const absolute = path.resolve(configPath);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'ENOENT'
        ? `Config file not found: ${absolute} (pass --config <path>, or run the agent from its folder)`
        : `Cannot read config file ${absolute}: ${(err as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`Config file ${absolute} is not valid JSON: ${(err as Error).message}`);
  }
  return parseConfig(raw, path.dirname(absolute));
}
