import payroll from '../lexicon/payroll.json' with { type: 'json' };
import { holderWord, type Span } from './holder.js';
import type { Hit, Matcher } from './lexicon.js';
import { endsName, hasDigit, type NarrationWords } from './read-words.js';
import { numberWord, WordList } from './words.js';

/**
 * What a credit's sender can be as a payer of salary: `employer` an organisation (a company
 * suffix or an employer word in its name, or paid through a payment or payroll rail), or a person
 * whose narration says pay (a salary word, `MAR PAY`, `MAR 2024 PAY`); `person` a private person (a personal name,
 * none of these; or no one named, as a cash deposit names no one) whose narration does not;
 * `family` a private person who shares a word of the holder's name, or whose credit carries a
 * note of support (`UPKEEP`, `FEEDING MONEY`, `GIFT`): never a salary, whatever the narration says.
 */
export type Payer = 'employer' | 'person' | 'family';

const ORGANISATION_WORDS = new WordList([...payroll.employerSuffixes, ...payroll.employerWords]);
const RAILS = new WordList(payroll.rails);
const SALARY_RAILS = new WordList(payroll.salaryRails);
const PAY = numberWord('PAY');

/** The facts of one credit's narration that `payerOf` reads. */
export interface CreditFacts {
  words: NarrationWords;
  /** The side of the narration naming the sender, and the sender's name in it (`nameSpan`). */
  side: Span;
  name: Span;
  hits: readonly Hit[];
  /** Where each hit's first word is. */
  starts: readonly number[];
  holder: readonly string[];
  /** The category is salary, by a salary word. */
  saysSalary: boolean;
  /** The lexicon the hits came from, to read a month's pay written with its year (`monthsPay`). */
  matcher: Matcher;
}

/** Who sent a credit, as a payer of salary (`Payer`). */
export function payerOf(f: CreditFacts): Payer {
  if (byRail(f) || organisationNamed(f)) return 'employer';
  const { name, words, holder } = f;
  for (let i = name.start; i < name.end; i++) if (holderWord(words, i, holder) >= 0) return 'family';
  if (noteOf(f, 'support_note')) return 'family';
  return f.saysSalary || monthsPay(f) ? 'employer' : 'person';
}

/** Evidence of `salaryWithoutTheWord`. */
const BY_SALARY_RAIL = 'credit from an organisation through a payroll rail';
const MONTHS_PAY = "a month's pay from an organisation";

/**
 * Why a credit from an organisation (`organisationNamed`) is salary though no salary word names it,
 * or null: it came through a payroll rail (`payroll.json` salaryRails: `REMITA PAYMT/LAGOS STATE
 * UNIVERSITY/APR 2024`), or it says which month it pays (`ACME LTD/APR PAY`, `APR 2024 PAY`). A
 * person's month's pay may be a tenant's or a customer's, and a payment gateway's credit a
 * settlement or a refund: those are left to the income analysis (`payerOf`).
 */
export function salaryWithoutTheWord(f: CreditFacts): string | null {
  if (!organisationNamed(f)) return null;
  for (let i = 0; i < f.words.count; i++) if (SALARY_RAILS.has(f.words.number[i] as number)) return BY_SALARY_RAIL;
  return monthsPay(f) ? MONTHS_PAY : null;
}

/** Whether a lexicon note of this kind is a remark beside the sender's name, not a word of it (`GIFT OKON` is a person). */
function noteOf(f: CreditFacts, kind: string): boolean {
  for (let k = 0; k < f.hits.length; k++) {
    const at = f.starts[k] as number;
    if (at >= f.name.start && at < f.name.end) continue;
    if ((f.hits[k] as Hit).rule.kind === kind) return true;
  }
  return false;
}

const pair = new Int32Array(2);

/**
 * Whether the narration says which month it pays: a month's pay note (`MAR PAY`, `MARCH PAY`), or
 * one with the year between its words (`MAR 2024 PAY`, `MAR 24 PAY`), read as the note without it.
 */
function monthsPay(f: CreditFacts): boolean {
  if (noteOf(f, 'pay_note')) return true;
  const { words } = f;
  for (let i = 2; i < words.count; i++) {
    if (words.number[i] !== PAY || !isYear(words, i - 1)) continue;
    if (i - 2 >= f.name.start && i - 2 < f.name.end) continue;
    pair[0] = words.number[i - 2] as number;
    pair[1] = PAY;
    for (const hit of f.matcher.match(pair, 2)) if (hit.rule.kind === 'pay_note') return true;
  }
  return false;
}

/** Whether word i is a year, in four digits or two. */
function isYear(words: NarrationWords, i: number): boolean {
  const start = words.start[i] as number;
  const length = (words.end[i] as number) - start;
  if ((length !== 4 && length !== 2) || !hasDigit(words, i)) return false;
  for (let j = start; j < start + length; j++) if ((words.text.charCodeAt(j) - 48) >>> 0 >= 10) return false;
  return true;
}

/** A payment or payroll rail is named: a rail in the lexicon's grammar (`FLW`, `INTERSWITCH`) or a payroll rail. */
function byRail(f: CreditFacts): boolean {
  for (const hit of f.hits) if (hit.rule.rail) return true;
  for (let i = 0; i < f.words.count; i++) if (RAILS.has(f.words.number[i] as number)) return true;
  return false;
}

/**
 * The sender's field (its name and the words after it up to a separator, `endsName`: `DIAMOND` is
 * read from `DIAMOND BANK PLC`) has a company suffix or an employer word.
 */
function organisationNamed(f: CreditFacts): boolean {
  const { words, name, side } = f;
  if (name.start === name.end) return false;
  for (let i = name.start; i < side.end; i++) {
    if (i > name.start && endsName(words, i)) break;
    if (ORGANISATION_WORDS.has(words.number[i] as number)) return true;
  }
  return false;
}
