import { describe, expect, it } from 'vitest';
import { createSimulatedVoice, randomOutcome } from './simulated-voice.js';
import { VoiceFailedError, type AnswerInstruction, type VoiceEvent } from './voice.js';

function line(answer: AnswerInstruction | null = null) {
  const voice = createSimulatedVoice({ playMs: 20 });
  const events: VoiceEvent[] = [];
  voice.setHandler((e) => {
    events.push(e);
    return Promise.resolve(e.kind === 'ringing' || e.kind === 'ended' ? null : answer);
  });
  return {
    voice,
    events,
    kinds: () => events.map((e) => (e.kind === 'ended' ? `ended:${e.outcome}` : e.kind)),
  };
}
const until = (fn: () => boolean) => expect.poll(fn, { timeout: 15_000, interval: 5 }).toBe(true);

describe('the simulated line', () => {
  it('rings, then a person answers and stays until the call is ended', async () => {
    const l = line({ kind: 'bridge', identity: 'u1' });
    l.voice.setScript(() => ({ result: 'human', ringMs: 10 }));
    const { sid } = await l.voice.placeCall({ from: '+19165550100', to: '+12125550100' });
    await until(() => l.kinds().includes('answered'));
    await new Promise((r) => setTimeout(r, 30));
    expect(l.kinds()).toEqual(['ringing', 'answered']);
    await l.voice.endCall(sid);
    expect(l.kinds()).toEqual(['ringing', 'answered', 'ended:completed']);
  });

  it('reaches a machine, plays the voicemail dropped into it and hangs up', async () => {
    const l = line({ kind: 'hold' });
    l.voice.setScript(() => ({ result: 'machine', ringMs: 5 }));
    const { sid } = await l.voice.placeCall({ from: '+19165550100', to: '+12125550100' });
    await until(() => l.kinds().includes('machine'));
    await l.voice.playIntoCall(sid, 'vm');
    await until(() => l.kinds().includes('ended:completed'));
  });

  it.each([
    ['no-answer', 'ended:no-answer'],
    ['busy', 'ended:busy'],
    ['failed', 'ended:failed'],
  ] as const)('a %s call ends as %s', async (result, kind) => {
    const l = line();
    l.voice.setScript(() => ({ result, ringMs: 5 }));
    await l.voice.placeCall({ from: '+19165550100', to: '+12125550100' });
    await until(() => l.kinds().at(-1) === kind);
  });

  it('cancels a ringing call', async () => {
    const l = line();
    l.voice.setScript(() => ({ result: 'human', ringMs: 10_000 }));
    const { sid } = await l.voice.placeCall({ from: '+19165550100', to: '+12125550100' });
    await l.voice.endCall(sid);
    expect(l.kinds()).toEqual(['ringing', 'ended:canceled']);
    await l.voice.close();
  });

  it('picks every outcome at random for someone trying it', () => {
    let x = 0;
    const seen = new Set(
      Array.from({ length: 400 }, () => randomOutcome(() => (x = (x + 0.0137) % 1)).result),
    );
    expect([...seen].sort()).toEqual(['busy', 'failed', 'human', 'machine', 'no-answer']);
  });

  it('rents made-up 555-01xx numbers', async () => {
    const l = line();
    const n = await l.voice.buyNumber('212');
    expect(n.number).toMatch(/^\+121255501\d\d$/);
    expect(await l.voice.listNumbers()).toEqual([n]);
    await l.voice.releaseNumber(n.sid);
    expect(await l.voice.listNumbers()).toEqual([]);
  });

  it('rents numbers under sub-accounts, and refuses to release them while an account is suspended', async () => {
    const l = line();
    const a = await l.voice.createAccount('Acme Realty');
    const b = await l.voice.createAccount('Other Team');
    const n = await l.voice.buyNumber('305', a.sid);
    const m = await l.voice.buyNumber('305', b.sid);
    expect(n.number).not.toBe(m.number);
    expect(await l.voice.listNumbers(a.sid)).toEqual([n]);
    expect(await l.voice.listNumbers()).toEqual([]);
    expect((await l.voice.listAccounts()).map((x) => x.name)).toEqual(['Acme Realty', 'Other Team']);
    l.voice.setAccountStatus(a.sid, 'suspended');
    await expect(l.voice.releaseNumber(n.sid, a.sid)).rejects.toBeInstanceOf(VoiceFailedError);
    expect(await l.voice.listNumbers(a.sid)).toEqual([n]);
    l.voice.setAccountStatus(a.sid, 'active');
    await l.voice.releaseNumber(n.sid, a.sid);
    expect(await l.voice.listNumbers(a.sid)).toEqual([]);
  });
});
