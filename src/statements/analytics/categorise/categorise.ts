import type { CanonicalStatement, CanonicalTransaction, Direction } from '../../../domain/statement.js';
import { dayNumber } from '../calendar.js';
import noise from '../lexicon/noise.json' with { type: 'json' };
import payroll from '../lexicon/payroll.json' with { type: 'json' };
import { type Category, type Channel, isPayCandidate } from './categories.js';
import {
  counterpartySide,
  hasHolderWord,
  holderTokens,
  type Institutions,
  type NameGrammar,
  namesHolder,
  paidToAnother,
  type Span,
  sentByAnother,
} from './holder.js';
import { defaultMatcher, type Hit, type Matcher, type Rule } from './lexicon.js';
import { type Payer, payerOf, salaryWithoutTheWord } from './payer.js';
import { endsName, hasDigit, hasLower, type NarrationWords, readWords, token } from './read-words.js';
import { shapeNumbers } from './shape.js';
import { WordList } from './words.js';

const NO_FLAGS: readonly string[] = Object.freeze([]);

function flagsOf(hits: readonly Hit[]): readonly string[] {
  let flags: string[] | null = null;
  for (const hit of hits) {
    const flag = hit.rule.flag;
    if (!flag || flags?.includes(flag)) continue;
    flags ??= [];
    flags.push(flag);
  }
  return flags ?? NO_FLAGS;
}

/** Named-company and keyword hits beat this; generic transfer grammar does not. */
const SELF_TRANSFER_PRIORITY = 66;
const SELF_DEBIT = "holder's name on the receiving side";
const SELF_CREDIT = "holder's name on the sending side";
const FAMILY_SALARY = 'salary word from a relative or beside a note of support: not pay';

const DEFAULT_DEBIT: Record<Channel, Category> = {
  transfer: 'transfer',
  ussd: 'transfer',
  cheque: 'transfer',
  atm: 'cash_withdrawal',
  agent: 'cash_withdrawal',
  pos: 'other',
  web: 'other',
  direct_debit: 'other',
  bank_charge: 'bank_charges',
  other: 'other',
};
const DEFAULT_CREDIT: Partial<Record<Channel, Category>> = {
  transfer: 'transfer_in',
  ussd: 'transfer_in',
  cheque: 'transfer_in',
};

const NOISE = new WordList(noise.words);
const TRAILING_BANKS = new WordList(noise.trailingBankNames);
const COMPANY_SUFFIXES = new WordList(payroll.employerSuffixes);
const INSTITUTIONS: Institutions = {
  names: new WordList([...noise.trailingBankNames, ...noise.institutionWords]),
  opening: new WordList(noise.bankNamesOpeningCompanies),
  suffixes: COMPANY_SUFFIXES,
};

const isNameWord = (words: NarrationWords, i: number): boolean =>
  (words.end[i] as number) - (words.start[i] as number) >= 2 &&
  !NOISE.has(words.number[i] as number) &&
  !hasDigit(words, i);

/**
 * Whether the bank name at word i begins a company's name (`ZENITH TECHNOLOGIES PLC`), not a
 * field of its own (`NIP CR/ZENITH/ACME LTD`): a space, not a field separator, after it, then name
 * words ending in a company suffix.
 */
function beginsCompanyName(words: NarrationWords, i: number, side: Span): boolean {
  const next = i + 1;
  if (!TRAILING_BANKS.has(words.number[i] as number) || next >= side.end) return false;
  const after = words.end[i] as number;
  if (words.start[next] !== after + 1 || words.text.charCodeAt(after) !== 32) return false;
  for (let j = next; j < side.end; j++) {
    if (j > next && COMPANY_SUFFIXES.has(words.number[j] as number)) return true;
    if (!isNameWord(words, j)) return false;
  }
  return false;
}

/**
 * Where the other party's name is in `side`: its first run of up to three words that are not
 * grammar (noise), digits or single characters, ended by a separator before a remark (`EMEKA
 * NWOSU/LUNCH`, `endsName`), less a trailing bank name after two words. A bank name may begin it
 * when it begins a company's name. Empty (`start === end`) when the side names no one.
 */
function nameSpan(words: NarrationWords, side: Span): Span {
  let start = side.start;
  let end = start;
  for (let i = side.start; i < side.end && end - start < 3; i++) {
    if (end > start && endsName(words, i)) break;
    if (!isNameWord(words, i) && !(end === start && beginsCompanyName(words, i, side))) {
      if (end > start) break;
      start = end = i + 1;
      continue;
    }
    end = i + 1;
  }
  if (end - start >= 3 && TRAILING_BANKS.has(words.number[end - 1] as number)) end--;
  return { start, end: Math.max(start, end) };
}

const names: NameGrammar = { grammar: NOISE, institutions: INSTITUTIONS, lexical: new Uint8Array(64) };

/**
 * The grammar the narration's names are read with (`NameGrammar`), marking the words a lexicon
 * phrase of `hits` covers. One object and buffer, reused: read it before the next narration's.
 */
function nameGrammar(words: NarrationWords, hits: readonly Hit[], starts: readonly number[]): NameGrammar {
  if (names.lexical.length < words.count) names.lexical = new Uint8Array(2 * words.count);
  const { lexical } = names;
  // Loops, not `fill`: a narration has a few words, and `fill` is a call into the runtime.
  for (let i = 0; i < words.count; i++) lexical[i] = 0;
  for (let k = 0; k < hits.length; k++) {
    const at = starts[k] as number;
    const end = Math.min(at + (hits[k] as Hit).length, words.count);
    for (let i = at; i < end; i++) lexical[i] = 1;
  }
  return names;
}

/**
 * The other party's name (`nameSpan`), its words upper-cased and spaced: one slice of the
 * narration when it spells them so already (`CHIKA UDOH`), as most do (a slice and a
 * concatenation per word cost ~200 instructions a judged shape more).
 */
function counterpartyOf(words: NarrationWords, { start, end }: Span): string {
  if (start >= end) return '';
  if (spacedCapitals(words, start, end)) return words.text.slice(words.start[start], words.end[end - 1]);
  let name = token(words, start);
  for (let i = start + 1; i < end; i++) name += ` ${token(words, i)}`;
  return name;
}

/** Whether words `start` to `end` have no lower-case letter and one space between each two. */
function spacedCapitals(words: NarrationWords, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    if (hasLower(words, i)) return false;
    if (i > start) {
      const gap = words.end[i - 1] as number;
      if (words.start[i] !== gap + 1 || words.text.charCodeAt(gap) !== 32) return false;
    }
  }
  return true;
}

/**
 * Whether the charge word at `at` (a `yieldsToPayee` rule: `FEE`, `CHARGE`, `LEVY`) is the payee's
 * price, not the bank's charge: a party is named before it, as the payee of the grammar (after
 * `TO`, or `FROM` on a credit), as a merchant after a payment rail (`PAYSTACK/LAGOS BUSINESS
 * SCHOOL APPLICATION FEE`), or as a field of two or more name words of its own before the fee's
 * field (`NIP/UBA/OKON CHAMBERS/LEGAL FEE`). A bank's charge names no party before its fee word:
 * `NIP TRANSFER FEE`, `Transfer fee - Sent to DATALINK LTD` (the payee after it is the transfer's).
 */
function isPayeesFee(words: NarrationWords, side: Span, at: number, railAt: number): boolean {
  const name = nameSpan(words, side);
  if (name.start === name.end || name.end > at) return false;
  if (side.start > 0 || (railAt >= 0 && railAt < name.start)) return true;
  if (name.end - name.start < 2) return false;
  for (let i = name.start + 1; i <= at; i++) if (endsName(words, i)) return true;
  return false;
}

const isNamed = (rule: Rule) => !rule.generic && rule.priority >= 60 && rule.kind !== 'bank_charge';

/**
 * The highest-priority hit naming a category for this direction (the first of equals), except that
 * a generic word (`PREMIUM`, `AIRTIME`) never outranks a named company (`SPOTIFY`, `GLO`) or a
 * non-generic rule of its priority or more. Hits of the rule `skip` are passed over.
 */
function pickCategory(hits: readonly Hit[], direction: Direction, skip: Rule | null = null): Hit | null {
  let best: Hit | null = null;
  let bestGeneric: Hit | null = null;
  for (const hit of hits) {
    const rule = hit.rule;
    if (rule === skip || !(direction === 'debit' ? rule.debit : rule.credit)) continue;
    if (rule.generic) {
      if (!bestGeneric || rule.priority > bestGeneric.rule.priority) bestGeneric = hit;
    } else if (!best || rule.priority > best.rule.priority) best = hit;
  }
  if (!best || !bestGeneric) return best ?? bestGeneric;
  return isNamed(best.rule) || best.rule.priority >= bestGeneric.rule.priority ? best : bestGeneric;
}

/** Where the last hit of `rule` begins. */
function lastStart(hits: readonly Hit[], starts: readonly number[], rule: Rule): number {
  let at = -1;
  for (let k = 0; k < hits.length; k++) if ((hits[k] as Hit).rule === rule) at = starts[k] as number;
  return at;
}

/** Where the first payment rail (`PAYSTACK`, `FLW`) is named, or -1. */
function railAt(hits: readonly Hit[], starts: readonly number[]): number {
  for (let k = 0; k < hits.length; k++) if ((hits[k] as Hit).rule.rail) return starts[k] as number;
  return -1;
}

/** Whether the rule names a channel for this direction. */
const namesChannel = (rule: Rule, direction: Direction): boolean =>
  rule.channel !== null && (!rule.channelDirection || rule.channelDirection === direction);

/**
 * Whether hit k lies inside a longer phrase naming a channel: the longer phrase speaks for its words
 * (`POS` and `WEB` inside GTBank's `POS/WEB`, which says neither).
 */
function insideLonger(hits: readonly Hit[], starts: readonly number[], k: number, direction: Direction): boolean {
  const at = starts[k] as number;
  const end = at + (hits[k] as Hit).length;
  for (let j = 0; j < hits.length; j++) {
    const hit = hits[j] as Hit;
    const from = starts[j] as number;
    if (hit.length > end - at && from <= at && from + hit.length >= end && namesChannel(hit.rule, direction)) {
      return true;
    }
  }
  return false;
}

/** The channel word that decides: the highest channelPriority of those not inside a longer one. */
function pickChannel(hits: readonly Hit[], starts: readonly number[], direction: Direction): Hit | null {
  let best: Hit | null = null;
  for (let k = 0; k < hits.length; k++) {
    const hit = hits[k] as Hit;
    const rule = hit.rule;
    if (!namesChannel(rule, direction) || (best && rule.channelPriority <= best.rule.channelPriority)) continue;
    if (!insideLonger(hits, starts, k, direction)) best = hit;
  }
  return best;
}

/**
 * The channel the deciding word names, except that a card word that leaves the venue open
 * (`openVenue`: `POS/WEB`, `CARD PAYMENT`) is web when a web word (not inside a longer phrase), a
 * gateway (on a credit too: the reversal of a checkout) or a merchant that sells only online
 * (`online`: `NETFLIX`, `UBER`) is named with it.
 */
function channelOf(picked: Hit | null, hits: readonly Hit[], starts: readonly number[], direction: Direction): Channel {
  if (!picked) return 'other';
  const channel = picked.rule.channel as Channel;
  if (!picked.rule.openVenue) return channel;
  for (let k = 0; k < hits.length; k++) {
    const rule = (hits[k] as Hit).rule;
    if (rule.online) return 'web';
    if (rule.channel === 'web' && !insideLonger(hits, starts, k, direction)) return 'web';
  }
  return channel;
}

/**
 * Whether the narration names a charge of the bank's own (a `bank_charge` word that is not a
 * payee's price, `isPayeesFee`): on a credit reversed, that is the bank's entry, not a transfer.
 */
function namesBanksCharge(words: NarrationWords, side: Span, hits: readonly Hit[], starts: readonly number[]): boolean {
  for (let k = 0; k < hits.length; k++) {
    const rule = (hits[k] as Hit).rule;
    if (rule.kind !== 'bank_charge') continue;
    if (!rule.yieldsToPayee || !isPayeesFee(words, side, starts[k] as number, railAt(hits, starts))) return true;
  }
  return false;
}

/**
 * What the categoriser decides from a narration and a direction. Read-only: rows of one narration
 * shape share one verdict, so a row is re-labelled by giving it a new verdict.
 */
export interface Verdict {
  readonly category: Category;
  readonly channel: Channel;
  /** 0..1 */
  readonly confidence: number;
  /** Which lexicon entry or rule decided the category. */
  readonly evidence: string;
  /** The named company that decided the category (`FairMoney`, `SportyBet`), when one did. */
  readonly entity: string | null;
  /** The kind of lexicon entry that decided (`lender`, `gambling`, `salary`, ...), when one did. */
  readonly kind: string | null;
  /** The other party's words, upper case (named entity, else the narration's recipient/sender part). */
  readonly counterparty: string;
  /** Facts flagged by the lexicon: `card_request`, `returned_cheque`, `bounced_debit`. */
  readonly flags: readonly string[];
  /** On a credit that may be pay (`isPayCandidate`), who sent it as a payer of salary (`Payer`); else null. */
  readonly payer: Payer | null;
}

/** Categorises one narration: one tokenisation, one pass of the compiled matcher. */
export function judge(
  narration: string,
  direction: Direction,
  holder: readonly string[],
  matcher: Matcher = defaultMatcher(),
): Verdict {
  const words = readWords(narration);
  const starts: number[] = [];
  const hits = matcher.match(words.number, words.count, starts);
  const side = counterpartySide(words, direction);
  let picked = pickCategory(hits, direction);
  if (
    picked?.rule.yieldsToPayee &&
    isPayeesFee(words, side, lastStart(hits, starts, picked.rule), railAt(hits, starts))
  ) {
    picked = pickCategory(hits, direction, picked.rule);
  }
  const channelHit = pickChannel(hits, starts, direction);
  let category: Category;
  let confidence: number;
  let evidence: string;
  let entity: string | null = null;
  let kind: string | null = null;
  // On a debit naming the holder and someone else, the field naming the payee (`paidToAnother`).
  let payee: Span | null = null;
  let self = false;
  if ((!picked || picked.rule.priority < SELF_TRANSFER_PRIORITY) && hasHolderWord(words, side, holder)) {
    const grammar = nameGrammar(words, hits, starts);
    if (namesHolder(words, side, holder, grammar)) {
      // On a credit the holder may be named as the beneficiary, after the sender; on a debit as the sender.
      if (direction === 'credit') self = !sentByAnother(words, side, holder, NOISE, INSTITUTIONS);
      else {
        payee = paidToAnother(words, side, holder, grammar);
        self = payee === null;
      }
    }
  }
  if (self) {
    category = 'self_transfer';
    confidence = 0.9;
    evidence = direction === 'debit' ? SELF_DEBIT : SELF_CREDIT;
    kind = 'self';
  } else if (picked) {
    const rule = picked.rule;
    category = (direction === 'debit' ? rule.debit : rule.credit) as Category;
    confidence = isNamed(rule) ? 0.95 : 0.8;
    evidence = picked.evidence;
    kind = rule.kind;
    if (rule.namesParty) entity = rule.name;
  } else {
    const channel = channelHit?.rule.channel ?? 'other';
    category = direction === 'debit' ? DEFAULT_DEBIT[channel] : (DEFAULT_CREDIT[channel] ?? 'other');
    confidence = category === 'other' ? 0.3 : 0.6;
    evidence = channelHit ? channelHit.channelEvidence : 'no lexicon entry matched';
  }
  const name = nameSpan(words, payee ? { start: payee.start, end: side.end } : side);
  let payer: Payer | null = null;
  if (direction === 'credit' && isPayCandidate(category)) {
    const saysSalary = category === 'salary';
    const facts = { words, side, name, hits, starts, holder, saysSalary, matcher };
    payer = payerOf(facts);
    // A relative's money, or money for upkeep, is no pay whatever it is called.
    if (saysSalary && payer === 'family') {
      category = 'transfer_in';
      confidence = 0.6;
      evidence = FAMILY_SALARY;
      kind = null;
    } else if (!picked && payer === 'employer') {
      // No category word: an organisation's credit that says pay another way is salary.
      const why = salaryWithoutTheWord(facts);
      if (why) {
        category = 'salary';
        confidence = 0.8;
        evidence = why;
        kind = 'salary';
      }
    }
  }
  // A refunded charge is the bank's own entry: a transfer word in it names what was charged.
  let channel =
    category === 'reversal' && namesBanksCharge(words, side, hits, starts)
      ? 'other'
      : channelOf(channelHit, hits, starts, direction);
  if (category === 'bank_charges') channel = 'bank_charge';
  else if (!channelHit && category === 'salary') channel = 'transfer';
  return {
    category,
    channel,
    confidence,
    evidence,
    entity,
    kind,
    // A charge names its kind (`SMS ALERT`, `VAT`), not the payee of the transfer it was charged on.
    counterparty: entity
      ? entity.toUpperCase()
      : kind === 'bank_charge' && picked
        ? picked.phrase
        : counterpartyOf(words, name),
    flags: flagsOf(hits),
    payer,
  };
}

/** Categorises one transaction on its own (the statement's categoriser shares verdicts by shape). */
export function categoriseTransaction(
  tx: Pick<CanonicalTransaction, 'narration' | 'direction'>,
  holder: readonly string[],
  matcher?: Matcher,
): Verdict {
  return judge(tx.narration, tx.direction, holder, matcher);
}

/** A statement's transactions as categorised: per row, in the statement's order. */
export interface CategorisedRows {
  /** The distinct verdicts, numbered in order of their first row. */
  verdicts: Verdict[];
  /** Each row's verdict number: sections work out what they need once per verdict, not per row. */
  verdictOf: Int32Array;
  /** Each row's verdict (`verdicts[verdictOf[i]]`): rows of one narration shape share the object. */
  labels: Verdict[];
  /** Days since 1970-01-01 of each row's date. */
  day: Int32Array;
}

/**
 * Categorises every transaction of a statement, recognising self-transfers from the holder's name.
 * Narrations repeat within a statement (charges, stamp duty, the same payees with new references),
 * so verdicts are remembered per narration shape (`shape.ts`) for this statement, and rows of one
 * shape share the verdict object: no object per row (per-row objects were 60 % of what an analysis
 * allocated, and the young-generation collections copying them a quarter of its time).
 */
export function categoriseStatement(statement: CanonicalStatement, matcher?: Matcher): CategorisedRows {
  const holder = holderTokens(statement.holder.name ?? statement.account.name ?? statement.clientFullName);
  const txs = statement.transactions;
  const shapes = shapeNumbers(txs);
  const verdicts: Verdict[] = [];
  const verdictOf = new Int32Array(txs.length);
  const labels: Verdict[] = new Array(txs.length);
  const day = new Int32Array(txs.length);
  // Rows come in date order, so most share the previous row's day.
  let lastDate: string | undefined;
  let lastDay = 0;
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i] as CanonicalTransaction;
    // Shapes are numbered in order of their first row, as verdicts are.
    const k = shapes[i] as number;
    if (k === verdicts.length) verdicts.push(judge(tx.narration, tx.direction, holder, matcher));
    if (tx.date !== lastDate) {
      lastDate = tx.date;
      lastDay = dayNumber(tx.date);
    }
    verdictOf[i] = k;
    labels[i] = verdicts[k] as Verdict;
    day[i] = lastDay;
  }
  return { verdicts, verdictOf, labels, day };
}
