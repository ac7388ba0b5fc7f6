import { describe, expect, it } from 'vitest';
import {
  decideReplyLabel,
  isReplyLabel,
  NEEDS_A_LOOK_BELOW,
  onlyOrdinaryStops,
  replyFeatures,
  replyTemperature,
  type LabelScore,
  type ReplyLabel,
} from './replies.js';
import { OPT_OUTS, ORDINARY, WRONG_NUMBERS } from './sms.fixtures.js';

const scores = (probabilities: Partial<Record<ReplyLabel, number>>): LabelScore[] =>
  Object.entries(probabilities).map(([label, probability]) => ({ label: label as ReplyLabel, probability }));

describe('decideReplyLabel', () => {
  it.each(OPT_OUTS)('labels %j opt_out whatever the model says (the legal floor)', (body) => {
    const verdict = decideReplyLabel(body, scores({ interested: 0.99, callback: 0.9 }));
    expect(verdict).toEqual({ label: 'opt_out', confidence: 1, needsLook: false, by: 'rule' });
  });

  it.each(WRONG_NUMBERS)('labels %j wrong_number whatever the model says', (body) => {
    expect(decideReplyLabel(body, scores({ interested: 0.99 })).label).toBe('wrong_number');
  });

  it('lets the model decide "stop by anytime" and "don\'t stop, call me", which the rule does not opt out', () => {
    expect(decideReplyLabel('stop by anytime', scores({ interested: 0.8, opt_out: 0.1 })).label).toBe(
      'interested',
    );
    expect(decideReplyLabel("don't stop, call me", scores({ callback: 0.9 })).label).toBe('callback');
  });

  it('puts an opt-out the model sees first among its candidates', () => {
    const verdict = decideReplyLabel('how do I get off this list', scores({ question: 0.9, opt_out: 0.7 }));
    expect(verdict).toMatchObject({ label: 'opt_out', confidence: 0.7, by: 'model' });
  });

  it('puts wrong number and not owner before interest, callback and the rest', () => {
    expect(
      decideReplyLabel(
        'sold it, what would you pay for my other one',
        scores({ interested: 0.9, not_owner: 0.6 }),
      ),
    ).toMatchObject({ label: 'not_owner', confidence: 0.6 });
    expect(decideReplyLabel('x', scores({ callback: 0.95, wrong_number: 0.5, not_owner: 0.4 })).label).toBe(
      'wrong_number',
    );
  });

  it('puts callback over interest', () => {
    expect(
      decideReplyLabel('yes interested, call me at 5', scores({ interested: 0.95, callback: 0.5 })),
    ).toMatchObject({ label: 'callback', confidence: 0.5 });
  });

  it('otherwise takes the likeliest label, and a label below 0.3 takes no part', () => {
    expect(decideReplyLabel('next year', scores({ later: 0.7, question: 0.5, not_owner: 0.29 })).label).toBe(
      'later',
    );
  });

  it('marks a reply the model is unsure of "needs a look"', () => {
    expect(decideReplyLabel('hmm', scores({ other: NEEDS_A_LOOK_BELOW - 0.01 })).needsLook).toBe(true);
    expect(decideReplyLabel('hmm', scores({ other: NEEDS_A_LOOK_BELOW })).needsLook).toBe(false);
    expect(decideReplyLabel('qwerty', [])).toEqual({
      label: 'other',
      confidence: 0,
      needsLook: true,
      by: 'model',
    });
  });
});

describe('onlyOrdinaryStops', () => {
  it.each([
    ...ORDINARY.filter((b) => /stop/i.test(b)),
    'stop by anytime',
    "Don't stop, call me",
    'Stop at the bank first',
  ])('reads every "stop" in %j as the ordinary word', (body) => expect(onlyOrdinaryStops(body)).toBe(true));
  it.each([
    'I said stop',
    'stop by anytime. Actually no, stop texting',
    'STOP - not the owner',
    'no more, stop',
    'Hello',
  ])('does not in %j', (body) => expect(onlyOrdinaryStops(body)).toBe(false));
  it("sets the model's opt-out aside only then", () => {
    expect(decideReplyLabel('Stop by at 5', scores({ opt_out: 0.9, callback: 0.5 })).label).toBe('callback');
    expect(decideReplyLabel('I said stop', scores({ opt_out: 0.9, callback: 0.5 })).label).toBe('opt_out');
  });
});

describe('replyFeatures', () => {
  it('reads normalised words, neighbouring pairs and a question mark', () => {
    expect(replyFeatures('Not interested?? 🙄')).toEqual(['not', 'interested', 'not_interested', '?']);
    expect(replyFeatures('¿Quién es')).toEqual(['quien', 'es', 'quien_es', '?']);
  });
  it('gives a reply of emoji alone a feature of its own', () => {
    expect(replyFeatures('👍')).toEqual(['(no words)']);
  });
});

describe('replyTemperature', () => {
  it('reads hot, warm, cold and dead from the latest label', () => {
    expect(replyTemperature('interested')).toBe('hot');
    expect(replyTemperature('callback')).toBe('hot');
    expect(replyTemperature('question')).toBe('warm');
    expect(replyTemperature('later')).toBe('warm');
    expect(replyTemperature('not_interested')).toBe('cold');
    expect(replyTemperature('opt_out')).toBe('dead');
    expect(replyTemperature('wrong_number')).toBe('dead');
    expect(replyTemperature('not_owner')).toBe('dead');
    expect(replyTemperature('other')).toBeNull();
    expect(replyTemperature(null)).toBeNull();
  });
});

describe('isReplyLabel', () => {
  it('knows the nine labels and nothing else', () => {
    expect(isReplyLabel('callback')).toBe(true);
    expect(isReplyLabel('hot')).toBe(false);
    expect(isReplyLabel(undefined)).toBe(false);
  });
});
