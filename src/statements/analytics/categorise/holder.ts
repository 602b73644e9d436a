import { type Direction, NAME_MAX_CHARS } from '../../../domain/statement.js';
import { endsName, hasDigit, type NarrationWords, spelt, upperCodeAt } from './read-words.js';
import { WordList } from './words.js';

const TITLE_LIST = ['MR', 'MRS', 'MISS', 'MS', 'DR', 'CHIEF', 'ALHAJI', 'ALHAJA', 'PROF', 'ENGR', 'PASTOR', 'HON'];
const TITLES = new Set(TITLE_LIST);
/** The titles by word number, for narrations' words (`words.ts`). */
const TITLE_WORDS = new WordList(TITLE_LIST);

/** The distinct words of the account holder's name, titles dropped. */
export function holderTokens(name: string | undefined): readonly string[] {
  if (!name) return [];
  const words = name
    .slice(0, NAME_MAX_CHARS)
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((t) => t.length >= 2 && !TITLES.has(t));
  return [...new Set(words)];
}

/** Token positions `start` to `end` (exclusive). */
export interface Span {
  start: number;
  end: number;
}

/**
 * Where the other party is named: after `TO` on a debit; between `FROM`/`FRM` and `TO` (or before
 * `TO`) on a credit; the whole narration when it has no such grammar.
 */
export function counterpartySide(words: NarrationWords, direction: Direction): Span {
  const { from, to, count } = words;
  if (direction === 'debit') return { start: to + 1, end: count };
  if (from >= 0) return { start: from + 1, end: to >= 0 ? to : count };
  return { start: 0, end: to >= 0 ? to : count };
}

/** The words a narration's names are told from. */
export interface NameGrammar {
  /** Narration grammar (`noise.json`): never a name's words. */
  grammar: WordList;
  /** Words naming banks and wallets. */
  institutions: Institutions;
  /**
   * Per word of the narration being read, 1 where a lexicon phrase covers it (`SAVINGS`,
   * `STANDING ORDER`, `UPKEEP`): a category's word, never a name's.
   */
  lexical: Uint8Array;
}

/** Words of a remark beside a name (`TO OKAFOR C N MY SAVINGS`), never a name's. */
const REMARKS = new WordList(['MY', 'ME', 'MINE', 'OWN', 'SELF']);

/**
 * True when `side` names the holder: a run of name words (`runEnd`) holds at least two words of
 * the holder's name (one for a one-word name) and no other full name word, unless it holds them
 * all (the record may lack a middle name); or a run of the holder's words and initials does
 * (`initialledName`). A full word the holder's name lacks makes another person, most often a
 * relative sharing the family's names (`ANIEKAN UDO EKONG` is not `BLESSING ANIEKAN UDO`); a
 * single letter may be a middle initial, and a title is no name word. Compared word by word, not
 * looked up: a name has a few words.
 */
export function namesHolder(words: NarrationWords, side: Span, holder: readonly string[], g: NameGrammar): boolean {
  if (holder.length === 0 || side.start >= side.end) return false;
  let shares = false;
  for (let i = side.start; i < side.end; ) {
    const end = runEnd(words, i, side.end, holder, g);
    if (end === i) {
      i++;
      continue;
    }
    const run = readRun(words, i, end, holder);
    if (run === HOLDER) return true;
    if (run === SHARES_WORDS) shares = true;
    i = end;
  }
  return shares && initialledName(words, side, holder, g.grammar);
}

/**
 * Whether `side` has a word of the holder's name: `namesHolder` is false without one (a run naming
 * the holder, in full or with initials, spells at least one of his words). Asked first, as one
 * loop over the side's words, so the narrations naming someone else (most) skip reading runs and
 * marking lexical words.
 */
export function hasHolderWord(words: NarrationWords, side: Span, holder: readonly string[]): boolean {
  // A bit per length the holder's words have (31 for any longer): a word of another length is none of them.
  let lengths = 0;
  for (let k = 0; k < holder.length; k++) lengths |= 1 << Math.min((holder[k] as string).length, 31);
  for (let i = side.start; i < side.end; i++) {
    const length = Math.min((words.end[i] as number) - (words.start[i] as number), 31);
    if (((lengths >>> length) & 1) !== 0 && holderWord(words, i, holder) >= 0) return true;
  }
  return false;
}

/** What a run of name words is (`readRun`). */
const NO_HOLDER_WORD = 0;
const SHARES_WORDS = 1;
const HOLDER = 2;

/** Whether words `start` to `end` (a run, `runEnd`) are the holder's name, share some of its words only, or none. */
function readRun(words: NarrationWords, start: number, end: number, holder: readonly string[]): number {
  let found = 0;
  let matched = 0;
  let other = 0;
  for (let i = start; i < end; i++) {
    const k = holderWord(words, i, holder);
    if (k >= 0) {
      // The holder's words found, a bit each (past 30 words, each find counts).
      const bit = k < 30 ? 1 << k : 0;
      if (bit === 0 || (found & bit) === 0) matched++;
      found |= bit;
    } else if (!isLetter(words, i) && !isTitle(words, i)) other++;
  }
  if (matched === 0) return NO_HOLDER_WORD;
  if (holder.length === 1) return HOLDER;
  return matched >= 2 && (other === 0 || matched >= holder.length) ? HOLDER : SHARES_WORDS;
}

/**
 * Where the run of name words starting at word `start` ends (`start` when that word is none): the
 * holder's words, single letters and other name words (`isNameWord`), up to a field separator
 * (`endsName`) or any other word (grammar, a bank's, a lexicon phrase's, a remark's, a number).
 */
function runEnd(words: NarrationWords, start: number, end: number, holder: readonly string[], g: NameGrammar): number {
  let i = start;
  for (; i < end; i++) {
    if (i > start && endsName(words, i)) break;
    if (!isLetter(words, i) && !isNameWord(words, i, g) && holderWord(words, i, holder) < 0) break;
  }
  return i;
}

/**
 * Whether word i can be a word of a person's name: a party's word (`partyWordAt`) naming no bank
 * and no lexicon phrase's, and no remark's (`MY`).
 */
const isNameWord = (words: NarrationWords, i: number, g: NameGrammar): boolean =>
  partyWordAt(words, i, g.grammar) &&
  g.lexical[i] !== 1 &&
  !g.institutions.names.has(words.number[i] as number) &&
  !REMARKS.has(words.number[i] as number);

const isTitle = (words: NarrationWords, i: number): boolean => TITLE_WORDS.has(words.number[i] as number);

/**
 * On a debit, the field naming the payee when the payee is someone other than the holder; else
 * null. The holder sends every debit, and some grammars name the sender before the payee (Access
 * `MOB/UTO/OKAFOR C N/ADA OBI/LUNCH`, `NIP/OKAFOR C N/ADA OBI`): without `TO` (the side is the
 * whole narration) the first field naming the holder is the sender's, and only a second one is
 * the payee's; after `TO` the first is. Fields (`endsName`) are read in order, and the first that
 * decides is the payee's: one naming the holder (a self-transfer), or another party's, two or
 * more name words not the holder (a bank or wallet's field is the payee's bank, and decides
 * nothing). A payee named before the holder (`NIP/ADA OBI/OKAFOR C N`, `TO ADA OBI | OKAFOR C N`)
 * is paid by him. One word alone (a remark, a code) decides nothing.
 */
export function paidToAnother(
  words: NarrationWords,
  side: Span,
  holder: readonly string[],
  g: NameGrammar,
): Span | null {
  let holderFields = 0;
  const senderNamed = side.start > 0;
  for (let i = side.start; i < side.end; ) {
    let end = i + 1;
    while (end < side.end && !endsName(words, end)) end++;
    let names = 0;
    let bank = false;
    for (let j = i; j < end && !bank; j++) {
      if (bankWordAt(words, j, end, g.grammar, g.institutions)) bank = true;
      // A bank's word beginning a company's name (`ZENITH MOTORS`) is a word of that name.
      else if (isNameWord(words, j, g) || g.institutions.names.has(words.number[j] as number)) names++;
    }
    if (!bank) {
      const field = { start: i, end };
      if (namesHolder(words, field, holder, g)) {
        if (senderNamed || ++holderFields === 2) return null;
      } else if (names >= 2) return field;
    }
    i = end;
  }
  return null;
}

/** Words naming banks and wallets, to tell the field of the rail money came by from its sender's. */
export interface Institutions {
  /** Words naming a bank or wallet (`ACCESS`, `GTB`, `OPAY`, `MFB`). */
  names: WordList;
  /** Of those, ordinary words that also begin other companies' names (`ZENITH LOGISTICS LTD`). */
  opening: WordList;
  /** Company suffixes (`LTD`, `PLC`): after a bank's word they are the bank's own (`ACCESS BANK PLC`). */
  suffixes: WordList;
}

/**
 * On a credit, whether the first party named on the sending side is someone other than the holder.
 * Inflow narrations carry the beneficiary after the sender (`NIP FROM ACME PLC/OKAFOR ADA J/JAN`,
 * `NIP/GTB/ACME PLC/ADA OKAFOR`), so the holder's name in a later field is the beneficiary's, and
 * the credit is no self-transfer. The sender is the side's first field (words between separators,
 * `endsName`) with a name word (a payment rail such as `REMITA` is grammar, no name word) that
 * names no bank or wallet (`institutions`: `NIP/ACCESS/...`, `OPAY DIGITAL SERVICES LTD/...`): another
 * party when it has two or more name words (a company, a person) and none of the holder's. A bank's
 * word that begins a longer company name (`ZENITH LOGISTICS LTD`, `ACCESS SOLUTIONS LTD`: `bankWordAt`)
 * is that company's, not a bank's. One word alone (a remark, an unknown bank's code) decides nothing.
 */
export function sentByAnother(
  words: NarrationWords,
  side: Span,
  holder: readonly string[],
  grammar: WordList,
  institutions: Institutions,
): boolean {
  for (let i = side.start; i < side.end; ) {
    let end = i + 1;
    while (end < side.end && !endsName(words, end)) end++;
    let names = 0;
    let bank = false;
    let holderSeen = false;
    for (let j = i; j < end; j++) {
      const institution = institutions.names.has(words.number[j] as number);
      if (institution && bankWordAt(words, j, end, grammar, institutions)) bank = true;
      else if (holderWord(words, j, holder) >= 0) holderSeen = true;
      // A bank's word beginning a company's name (`ZENITH`, grammar elsewhere) is a word of that name.
      if (partyWordAt(words, j, grammar) || (institution && !bank)) names++;
    }
    if (!bank && names > 0) return !holderSeen && names >= 2;
    i = end;
  }
  return false;
}

/**
 * Whether word i (of a field ending before `end`) names a bank or wallet: an institution's word,
 * unless it is an ordinary word (`ZENITH`, `ACCESS`, `UNION`, `FIRST`) followed in its field by a
 * name word that is neither an institution's word nor a company suffix (`ZENITH LOGISTICS LTD` is a
 * logistics company; `ACCESS BANK PLC`, `ACCESS HOLDINGS PLC` and `ZENITH/...` are the bank).
 */
function bankWordAt(
  words: NarrationWords,
  i: number,
  end: number,
  grammar: WordList,
  institutions: Institutions,
): boolean {
  const word = words.number[i] as number;
  if (!institutions.names.has(word)) return false;
  if (!institutions.opening.has(word)) return true;
  for (let j = i + 1; j < end; j++) {
    const next = words.number[j] as number;
    if (institutions.names.has(next)) return true;
    if (!institutions.suffixes.has(next) && partyWordAt(words, j, grammar)) return false;
  }
  return true;
}

/** Whether word i can be part of a party's name: two or more characters, not grammar, no digit. */
const partyWordAt = (words: NarrationWords, i: number, grammar: WordList): boolean =>
  (words.end[i] as number) - (words.start[i] as number) >= 2 &&
  !grammar.has(words.number[i] as number) &&
  !hasDigit(words, i);

/**
 * Whether a run of words in `side` is the holder's name shortened to initials (`OKAFOR A J`,
 * `A J OKAFOR`, `OKAFOR A` for ADEBAYO JOHN OKAFOR): at least one name word spelt out and at least
 * one single letter, each letter the initial of a different holder word not spelt out. The run
 * must be the whole name: a word before or after it that is neither grammar (`grammar`) nor has a
 * digit is another name's (`JOHN A SMITH` is not the holder).
 */
function initialledName(words: NarrationWords, side: Span, holder: readonly string[], grammar: WordList): boolean {
  // The holder words found are kept as bits of an int.
  if (holder.length > 30) return false;
  let i = side.start;
  while (i < side.end) {
    let end = i;
    while (end < side.end && (isLetter(words, end) || holderWord(words, end, holder) >= 0)) end++;
    if (end > i && !nameWordAt(words, i - 1, side, grammar) && !nameWordAt(words, end, side, grammar)) {
      if (initialsFit(words, i, end, holder)) return true;
    }
    i = end + 1;
  }
  return false;
}

/** Whether words `start` to `end` spell out some holder words and give the initials of others. */
function initialsFit(words: NarrationWords, start: number, end: number, holder: readonly string[]): boolean {
  let spelledOut = 0;
  const initials: number[] = [];
  for (let i = start; i < end; i++) {
    if (isLetter(words, i)) initials.push(upperCodeAt(words, words.start[i] as number));
    else spelledOut |= 1 << holderWord(words, i, holder);
  }
  return spelledOut !== 0 && initials.length > 0 && assignInitials(initials, 0, spelledOut, holder);
}

/** Whether `initials[j..]` can each be the initial of a different holder word outside `taken` (a bit per word). */
function assignInitials(initials: readonly number[], j: number, taken: number, holder: readonly string[]): boolean {
  if (j === initials.length) return true;
  for (let k = 0; k < holder.length; k++) {
    if ((taken & (1 << k)) !== 0 || (holder[k] as string).charCodeAt(0) !== initials[j]) continue;
    if (assignInitials(initials, j + 1, taken | (1 << k), holder)) return true;
  }
  return false;
}

const isLetter = (words: NarrationWords, i: number): boolean =>
  (words.end[i] as number) - (words.start[i] as number) === 1 && !hasDigit(words, i);

/** Whether word i is in `side` and reads as part of a name: not grammar, a number or a title. */
const nameWordAt = (words: NarrationWords, i: number, side: Span, grammar: WordList): boolean =>
  i >= side.start &&
  i < side.end &&
  !grammar.has(words.number[i] as number) &&
  !hasDigit(words, i) &&
  !isTitle(words, i);

/** Which of the holder's words word i is, or -1. */
export function holderWord(words: NarrationWords, i: number, names: readonly string[]): number {
  // Most words differ from every name in length: compared before `spelt` reads the characters.
  const length = (words.end[i] as number) - (words.start[i] as number);
  for (let k = 0; k < names.length; k++) {
    const name = names[k] as string;
    if (name.length === length && spelt(words, i, name)) return k;
  }
  return -1;
}
