import { describe, expect, it } from 'vitest';
import { OPT_OUTS, ORDINARY, WRONG_NUMBERS } from './sms.fixtures.js';
import { classifyReply, normalizeReply } from './sms.js';

// Core compiles without Node's types because it does no I/O, so this test, the one place in core that
// reads a file, loads Node's modules under types written here.
type NodeFs = { existsSync(path: string): boolean; readFileSync(path: string, encoding: 'utf8'): string };
type NodePath = {
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  dirname(path: string): string;
};
type NodeUrl = { fileURLToPath(url: string): string };
const load = <T>(specifier: string): Promise<T> => import(/* @vite-ignore */ specifier) as Promise<T>;
const [fs, path, url] = await Promise.all([
  load<NodeFs>('node:fs'),
  load<NodePath>('node:path'),
  load<NodeUrl>('node:url'),
]);
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

// Core cannot import the server's config, so this mirrors its sharedDataDir(): SHARED_DATA_DIR, then
// ../shared/data beside the repository, then /work/shared/data.
function sharedDataDir(): string {
  const here = url.fileURLToPath((import.meta as ImportMeta & { url: string }).url);
  const repoRoot = path.resolve(path.dirname(here), '../../../..');
  const candidates = [env['SHARED_DATA_DIR'], path.join(repoRoot, '../shared/data'), '/work/shared/data'];
  return (
    candidates.find((c): c is string => Boolean(c && fs.existsSync(c))) ??
    path.join(repoRoot, '../shared/data')
  );
}

type Sms = { label: 'ham' | 'spam'; text: string };

/** The SMS Spam Collection v.1: one "<label>\t<text>" per line, 5,574 messages. */
function readSmsCorpus(): Sms[] {
  const file = path.join(sharedDataDir(), 'sms-spam-collection/SMSSpamCollection');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [label, ...rest] = line.split('\t');
      return { label: label === 'spam' ? 'spam' : 'ham', text: rest.join('\t') };
    });
}

describe('classifyReply', () => {
  it.each(OPT_OUTS)('treats %j as an opt-out', (body) => {
    expect(classifyReply(body)).toBe('optOut');
  });

  it.each(WRONG_NUMBERS)('treats %j as a wrong number', (body) => {
    expect(classifyReply(body)).toBe('wrongNumber');
  });

  it.each(ORDINARY)('treats %j as an ordinary reply', (body) => {
    expect(classifyReply(body)).toBeNull();
  });

  it('lets an explicit opt-out win over a wrong number, since the law obliges honouring it', () => {
    expect(classifyReply('wrong number')).toBe('wrongNumber');
    expect(classifyReply('Wrong number. Stop.')).toBe('optOut');
    expect(classifyReply('número equivocado, no me escribas')).toBe('optOut');
  });
});

describe('normalizeReply', () => {
  it('reads a reply without case, accents, punctuation or emoji', () => {
    expect(normalizeReply('  STOP!!! 🙏  ')).toBe('stop');
    expect(normalizeReply('No me envíes MÁS.')).toBe('no me envies mas');
    expect(normalizeReply('Opt-Out')).toBe('opt out');
    expect(normalizeReply("Don't   text me")).toBe('dont text me');
    expect(normalizeReply('Wrong #!')).toBe('wrong #');
  });
});

describe('classifyReply on the SMS Spam Collection', () => {
  const corpus = readSmsCorpus();
  const ham = corpus.filter((sms) => sms.label === 'ham');

  it('holds the 5,574 messages its source describes', () => {
    expect(corpus).toHaveLength(5574);
    expect(ham).toHaveLength(4827);
  });

  // The count checked is in the test's name, so the run reports it.
  const withStop = ham.filter((sms) => /\bstop\b/i.test(sms.text));
  it(`finds no opt-out among the ${withStop.length} ordinary messages that merely contain the word stop`, () => {
    expect(withStop).toHaveLength(36);
    expect(withStop.filter((sms) => classifyReply(sms.text) === 'optOut')).toEqual([]);
  });

  const classified = corpus.flatMap((sms) => {
    const outcome = classifyReply(sms.text);
    return outcome ? [{ outcome, ...sms }] : [];
  });
  it(`classifies only these ${classified.length} of ${corpus.length} messages, so broader matching fails here`, () => {
    expect(classified).toEqual([
      // Genuine opt-outs.
      { outcome: 'optOut', label: 'ham', text: "Please don't text me anymore. I have nothing else to say." },
      {
        outcome: 'optOut',
        label: 'ham',
        text: expect.stringContaining('Please do not contact me again or I will report you'),
      },
      // Not a reply to us but a chain message; "dont call me" is still read as an opt-out on purpose
      // ("do not call me" is how people revoke consent to calls).
      {
        outcome: 'optOut',
        label: 'ham',
        text: expect.stringContaining('dont call me.i will wait till i come.'),
      },
      { outcome: 'wrongNumber', label: 'ham', text: 'I think u have the wrong number.' },
    ]);
  });
});
