/** What an inbound SMS reply asks of us: 'optOut' marks the identifier DNC, 'wrongNumber' marks it Wrong #. */
export type ReplyClass = 'optOut' | 'wrongNumber';

/**
 * The carriers' and providers' default opt-out keywords (Twilio, AWS End User Messaging, Braze, Telnyx;
 * see shared/data/optout-keywords), with the FCC's 'revoke'. Written as `normalizeReply` writes them.
 */
export const CARRIER_OPT_OUT_KEYWORDS = [
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'revoke',
  'optout',
  'opt out',
  'remove',
  'arret',
  'td',
] as const;

/** Spanish opt-out keywords; like 'end' or 'cancel' they count only as the whole reply ('el precio es alto' does not). */
export const SPANISH_OPT_OUT_KEYWORDS = ['baja', 'alto', 'cancelar'] as const;

// Words that may surround a keyword without changing what it asks ("Stop. Thank you", "please STOP").
const COURTESY = [
  'please',
  'pls',
  'plz',
  'pleas',
  'kindly',
  'thanks',
  'thank you',
  'thankyou',
  'thx',
  'ty',
  'ok',
  'okay',
  'sorry',
  'now',
  'right now',
  'asap',
  'immediately',
  'hi',
  'hello',
  'hey',
  'sir',
  'maam',
  'and',
  'por favor',
  'porfa',
  'gracias',
  'ya',
];

const CONTACT_VERB_ING =
  'texting|txting|messaging|msging|contacting|calling|sending|spamming|bothering|harassing|emailing';
const CONTACT_VERB = 'text|txt|message|msg|contact|call|email|sms|send|bother|spam';
const ME = 'me|us|this number|my number|my phone|my cell';

// Short forms that are an opt-out when a sentence says nothing else: "STOP. Who is this?" is one.
// 'end', 'quit', 'cancel', 'remove' and 'alto' are too common in ordinary sentences for this.
const STRONG_FORMS = [
  'stop',
  'stopall',
  'stop all',
  'stop it',
  'unsubscribe',
  'unsubscribe me',
  'optout',
  'opt out',
  'opt me out',
  'revoke',
  'baja',
  `stop (?:${CONTACT_VERB_ING})`,
  'remove me',
  'take me off',
];

// Phrases that opt out wherever they stand in the reply. A negation just before 'stop' ("won't stop
// texting me") describes someone else, so it does not count.
const OPT_OUT_PHRASES = [
  `(?<!(?:dont|cant|wont|didnt|doesnt|never|not) )stop (?:${CONTACT_VERB_ING}) (?:${ME})`,
  `(?:dont|do not|never) (?:ever )?(?:${CONTACT_VERB}) (?:${ME})`,
  `(?:remove|delete|take) (?:me|us|my number|this number|my info|my name) (?:off|from)`,
  'leave me alone',
  '(?:lose|forget|delete) (?:my|this) number',
  'no more (?:texts|text messages|texting|messages|msgs|txts|sms)',
  '(?:i|we) (?:dont|do not) want (?:any )?(?:more )?(?:your |these |ur )?(?:texts|text messages|messages|msgs|txts)',
  '(?:i|we) (?:want|would like|wish|need) to (?:unsubscribe|opt out|be removed)',
  'revoke (?:my )?consent',
  'opt me out',
  'unsubscribe me',
  '(?:put|add) me on (?:your|the) (?:do not call|do not contact|dnc) list',
  // Spanish
  '(?:dame|darme|denme|me doy|dar) de baja',
  'no me (?:envies|envie|envien|mandes|mande|manden) (?:mas|mensajes|textos|sms)',
  'no me (?:escribas|escriba|escriban|contactes|contacte|contacten|molestes|moleste|molesten)',
  'no (?:quiero|deseo) (?:recibir )?(?:mas )?(?:mensajes|textos|sms)',
  'no mas (?:mensajes|textos|sms)',
  '(?:sacame|quitame|borrame|eliminame) de (?:tu |su |la |esta |sus )?lista',
];

const WRONG_NUMBER_PHRASES = [
  'wrong (?:number|numbr|num|nbr|#|person|guy|lady|phone number|cell)',
  'wrong#',
  '(?:no one|noone|nobody) (?:here )?(?:by|with) (?:that|this|the) name',
  // Not 'called': "no one called me" is ordinary.
  '(?:no one|noone|nobody) (?:here )?named',
  '(?:this|that|it) (?:is not|isnt|aint) (?:\\p{L}+s|his|her|their) (?:number|phone|cell|phone number)',
  'not (?:the )?(?:right|correct) (?:number|person)',
  'no longer (?:belongs to|(?:his|her|their|\\p{L}+s) number)',
  '(?:dont|do not) know (?:anyone|anybody) (?:named|called|by that name)',
  // Spanish
  'numero (?:equivocado|incorrecto|erroneo|errado)',
  'equivocad[oa] de (?:numero|persona)',
  'persona equivocada',
];

// Capitalised words after "This isn't …" / "I'm not …" that are not a name.
const NOT_NAMES = new Set([
  'a', 'an', 'the', 'my', 'your', 'me', 'you', 'it', 'that', 'this', 'him', 'her', 'them', 'what',
  'who', 'true', 'right', 'funny', 'fair', 'ok', 'okay', 'good', 'interested', 'sure', 'selling',
  'available', 'ready', 'home', 'here', 'there', 'now', 'going', 'working', 'i',
]); // prettier-ignore

const alternation = (forms: readonly string[]): string =>
  [...forms].sort((a, b) => b.length - a.length).join('|');
const courtesy = alternation(COURTESY);
// A run of tokens made only of the given forms and courtesy, with at least one form.
const onlyForms = (forms: readonly string[]): RegExp => {
  const form = alternation(forms);
  return new RegExp(`^(?:(?:${courtesy}) )*(?:${form})(?: (?:${form}|${courtesy}))*$`, 'u');
};
// Tokens are joined by single spaces, so a phrase starts at a space (or the start) and ends before one.
const anywhere = (phrases: readonly string[]): RegExp =>
  new RegExp(`(?:^| )(?:${phrases.join('|')})(?= |$)`, 'u');

const WHOLE_REPLY = onlyForms([...CARRIER_OPT_OUT_KEYWORDS, ...SPANISH_OPT_OUT_KEYWORDS, ...STRONG_FORMS]);
const STRONG_SENTENCE = onlyForms(STRONG_FORMS);
const OPT_OUT_ANYWHERE = anywhere(OPT_OUT_PHRASES);
const WRONG_NUMBER_ANYWHERE = anywhere(WRONG_NUMBER_PHRASES);
const NOT_SOMEONE =
  /^(?:(?:sorry|hi|hello|hey) )*(?:this|it|this number|im|i am) (?:is not|isnt|aint|not) (\S+)(?: (\S+))?$/u;

/** Accents and apostrophes gone ('Número' → 'Numero', "don't" → 'dont'), case kept; full-width letters folded. */
function foldReply(body: string): string {
  return body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’‘`]/gu, '');
}

function tokensOf(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}#]+/gu) ?? [];
}

/**
 * A reply as the rules read it: lower case, accents stripped (so 'más' and 'mas' match alike),
 * apostrophes dropped ("don't" → 'dont'), every other punctuation mark, symbol and emoji a word break,
 * words joined by single spaces. '#' is kept for 'wrong #'. "STOP!!! 🙏" → 'stop'; 'Opt-out' → 'opt out'.
 */
export function normalizeReply(body: string): string {
  return tokensOf(foldReply(body).toLowerCase()).join(' ');
}

/** The reply's sentences as [normalised words, the same words with their case, ends with a question mark]. */
function sentencesOf(body: string): { words: string; cased: string[]; question: boolean }[] {
  const folded = foldReply(body);
  return [...folded.matchAll(/([^.!?;\n…]+)([.!?;\n…]*)/gu)]
    .map(([, text = '', end = '']) => {
      const cased = tokensOf(text);
      return { words: cased.join(' ').toLowerCase(), cased, question: end.includes('?') };
    })
    .filter((s) => s.cased.length > 0);
}

function looksLikeName(word: string | undefined): boolean {
  return word === undefined || (/^\p{Lu}\p{Ll}/u.test(word) && !NOT_NAMES.has(word.toLowerCase()));
}

/** "This isn't John." / "I'm not Maria Lopez": a sentence that only denies being a capitalised name. */
function deniesName(sentence: { words: string; cased: string[] }): boolean {
  const match = NOT_SOMEONE.exec(sentence.words);
  if (!match) return false;
  const count = match[2] === undefined ? 1 : 2;
  const names = sentence.cased.slice(-count);
  return looksLikeName(names[0]) && looksLikeName(names[1]);
}

/** Whether the reply opts out: see `classifyReply`. */
export function isOptOutReply(body: string): boolean {
  const words = normalizeReply(body);
  if (WHOLE_REPLY.test(words) || OPT_OUT_ANYWHERE.test(words)) return true;
  return sentencesOf(body).some((s) => !s.question && STRONG_SENTENCE.test(s.words));
}

/** Whether the reply says we have the wrong number or person: see `classifyReply`. */
export function isWrongNumberReply(body: string): boolean {
  if (WRONG_NUMBER_ANYWHERE.test(normalizeReply(body))) return true;
  return sentencesOf(body).some(deniesName);
}

/**
 * Classifies an inbound SMS reply: 'optOut' (mark the identifier DNC), 'wrongNumber' (mark it Wrong #) or
 * null (an ordinary reply). The reply is read normalised (`normalizeReply`): case, accents, punctuation
 * and emoji do not matter.
 *
 * Opt-out, any of:
 * 1. The whole reply is opt-out keywords with at most courtesy around them: the carriers' keywords
 *    (STOP, STOPALL, STOP ALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT, OPT-OUT, REMOVE, ARRET, TD),
 *    Spanish 'baja', 'alto', 'cancelar', or a short form such as 'stop it', 'stop texting', 'remove me',
 *    'take me off'. "STOP!!!", "Stop. Thank you", "please stop", "Alto por favor" and a bare "Cancel" opt
 *    out; "cancel my appointment?", "END of the month works" and "el precio es alto" do not.
 * 2. One sentence, not a question, is only a strong form (STOP, STOPALL, UNSUBSCRIBE, OPT OUT, REVOKE, baja,
 *    'stop texting', 'remove me'…): "STOP. Who is this?" opts out. The weak keywords (END, QUIT, CANCEL,
 *    REMOVE, alto) are ordinary words too often to count inside a longer reply; "Stop?" inside a longer
 *    reply is a question, not a request.
 * 3. A clear phrase anywhere: 'stop texting/calling/messaging me', "don't/do not/never text/contact/call me",
 *    'remove/take me off/from …', 'leave me alone', 'lose my number', 'no more texts', "I don't want your
 *    messages", 'I want to unsubscribe/opt out', 'revoke consent', 'opt me out', 'unsubscribe me', Spanish
 *    'darme de baja', 'no me envíes más', 'no me escribas', 'no quiero mensajes', 'sácame de la lista'.
 *    "She won't stop texting me" (a negation before 'stop') does not count.
 *
 * 'Stop' merely used as a word is not an opt-out: "the bus stop", "please stop by", "stop the work on the
 * roof", "don't stop". Nor is "not interested": it declines the offer but does not revoke consent.
 *
 * Wrong number: 'wrong number' and its variants ('wrong #', 'wrong person', 'you have the wrong number'),
 * 'no one by that name', "this isn't Mike's number", 'not the right person', a sentence that only denies a
 * capitalised name ("This isn't John.", "I'm not Maria"), Spanish 'número equivocado', 'persona equivocada'.
 *
 * A reply that is both ("Wrong number, stop texting me") is 'optOut': the law obliges us to honour an
 * explicit opt-out, and either outcome stops sending to the identifier.
 */
export function classifyReply(body: string): ReplyClass | null {
  if (isOptOutReply(body)) return 'optOut';
  if (isWrongNumberReply(body)) return 'wrongNumber';
  return null;
}
