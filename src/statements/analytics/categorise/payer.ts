import payroll from '../lexicon/payroll.json' with { type: 'json' };
import { holderWord, type Span } from './holder.js';
import type { Hit } from './lexicon.js';
import { endsName, type NarrationWords } from './read-words.js';
import { WordList } from './words.js';

/**
 * What a credit's sender can be as a payer of salary: `employer` an organisation (a company
 * suffix or an employer word in its name, or paid through a payment or payroll rail), or a person
 * whose narration says pay (a salary word, `MAR PAY`); `person` a private person (a personal name,
 * none of these; or no one named, as a cash deposit names no one) whose narration does not;
 * `family` a private person who shares a word of the holder's name, or whose credit carries a
 * note of support (`UPKEEP`, `FEEDING MONEY`, `GIFT`): never a salary, whatever the narration says.
 */
export type Payer = 'employer' | 'person' | 'family';

const ORGANISATION_WORDS = new WordList([...payroll.employerSuffixes, ...payroll.employerWords]);
const RAILS = new WordList(payroll.rails);

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
}

/** Who sent a credit, as a payer of salary (`Payer`). */
export function payerOf(f: CreditFacts): Payer {
  if (byRail(f) || organisationNamed(f)) return 'employer';
  const { name, words, holder } = f;
  for (let i = name.start; i < name.end; i++) if (holderWord(words, i, holder) >= 0) return 'family';
  let pay = f.saysSalary;
  for (let k = 0; k < f.hits.length; k++) {
    const at = f.starts[k] as number;
    // A note is a remark beside the name, not a word of it (`GIFT OKON` is a person).
    if (at >= name.start && at < name.end) continue;
    const kind = (f.hits[k] as Hit).rule.kind;
    if (kind === 'support_note') return 'family';
    if (kind === 'pay_note') pay = true;
  }
  return pay ? 'employer' : 'person';
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
