import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config.js';

const base = {
  serverUrl: 'https://crm.example.com/',
  deviceToken: 'dvc_4f9a1c2e7b8d0a3f5e6c',
  driver: 'android',
};

describe('the agent config', () => {
  it('fills phone defaults and puts the journal beside the config', () => {
    const { config, warnings } = parseConfig(base, '/home/u0_a123/prospector');
    expect(config).toMatchObject({
      serverUrl: 'https://crm.example.com',
      journalPath: '/home/u0_a123/prospector/journal.jsonl',
      maxConcurrentSends: 1,
      sendIntervalMs: 3000,
      android: { pollMs: 5000 },
      macos: { service: 'SMS', pollMs: 5000 },
    });
    expect(config.macos.chatDbPath).toBe(path.join(os.homedir(), 'Library/Messages/chat.db'));
    expect(warnings).toEqual([]);
  });

  it('gives the sim no pause between sends and fills its options', () => {
    const { config } = parseConfig(
      { ...base, driver: 'sim', sim: { replies: [{ reply: 'Who is this?' }] } },
      '/tmp',
    );
    expect(config).toMatchObject({
      sendIntervalMs: 0,
      sim: { latencyMs: 0, failureRate: 0, seed: 1, replies: [{ reply: 'Who is this?' }] },
    });
  });

  it('names every bad field in its error', () => {
    const bad = {
      serverUrl: 'ftp://crm.example.com',
      driver: 'ios',
      sim: { failureRate: 1.5 },
      android: { simSlot: -1 },
    };
    let message = '';
    try {
      parseConfig(bad, '/tmp');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('serverUrl: must be an http:// or https:// URL');
    expect(message).toContain('deviceToken: is required');
    expect(message).toMatch(/driver: .*android/);
    expect(message).toContain('sim.failureRate');
    expect(message).toContain('android.simSlot');
  });

  it('warns about fields it does not know instead of failing', () => {
    const { warnings } = parseConfig({ ...base, deviceName: 'Pixel', android: { pollMS: 100 } }, '/tmp');
    expect(warnings).toEqual([
      'unknown config field "deviceName" is ignored',
      'unknown config field "android.pollMS" is ignored',
    ]);
  });

  it('says which file is missing or not JSON', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'));
    expect(() => loadConfig(path.join(dir, 'agent.config.json'))).toThrow(
      /Config file not found: .*agent.config.json/,
    );
    fs.writeFileSync(path.join(dir, 'agent.config.json'), '{ "serverUrl": ');
    expect(() => loadConfig(path.join(dir, 'agent.config.json'))).toThrow(/not valid JSON/);
    fs.writeFileSync(
      path.join(dir, 'agent.config.json'),
      JSON.stringify({ ...base, journalPath: 'state/j.jsonl' }),
    );
    expect(loadConfig(path.join(dir, 'agent.config.json')).config.journalPath).toBe(
      path.join(dir, 'state/j.jsonl'),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
