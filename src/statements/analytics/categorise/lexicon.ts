import type { Direction } from '../../../domain/statement.js';
import airtime from '../lexicon/airtime.json' with { type: 'json' };
import bankCharges from '../lexicon/bank-charges.json' with { type: 'json' };
import billers from '../lexicon/billers.json' with { type: 'json' };
import crypto from '../lexicon/crypto.json' with { type: 'json' };
import education from '../lexicon/education.json' with { type: 'json' };
import entertainment from '../lexicon/entertainment.json' with { type: 'json' };
import food from '../lexicon/food.json' with { type: 'json' };
import gambling from '../lexicon/gambling.json' with { type: 'json' };
import grammar from '../lexicon/grammar.json' with { type: 'json' };
import health from '../lexicon/health.json' with { type: 'json' };
import income from '../lexicon/income.json' with { type: 'json' };
import insurance from '../lexicon/insurance.json' with { type: 'json' };
import lenders from '../lexicon/lenders.json' with { type: 'json' };
import savings from '../lexicon/savings.json' with { type: 'json' };
import shopping from '../lexicon/shopping.json' with { type: 'json' };
import transport from '../lexicon/transport.json' with { type: 'json' };
import travel from '../lexicon/travel.json' with { type: 'json' };
import {
  type Channel,
  type CreditCategory,
  type DebitCategory,
  isChannel,
  isCreditCategory,
  isDebitCategory,
} from './categories.js';
import { tokenise } from './tokenise.js';

/** One entry of a lexicon data file, as written in `src/statements/analytics/lexicon/*.json`. */
interface EntrySource {
  name: string;
  phrases: string[];
  kind?: string;
  debit?: string | null;
  credit?: string | null;
  priority?: number;
  channel?: string;
  channelPriority?: number;
  channelDirection?: string;
  generic?: boolean;
  flag?: string;
}

interface FileSource {
  defaults?: Omit<EntrySource, 'name' | 'phrases'>;
  entries: EntrySource[];
}

/** A compiled lexicon entry: what one phrase means on a debit and on a credit. */
export interface Rule {
  /** `file:entry name`, shown as evidence. */
  id: string;
  /** Display name (`SportyBet`, `FairMoney`): the counterparty for loans and gambling. */
  name: string;
  kind: string;
  debit: DebitCategory | null;
  credit: CreditCategory | null;
  priority: number;
  channel: Channel | null;
  channelPriority: number;
  channelDirection: Direction | null;
  /** A generic word (`LOAN`), not a named company. */
  generic: boolean;
  /** A fact worth counting whatever the category (`card_request`, `returned_cheque`, `bounced_debit`). */
  flag: string | null;
}

export interface Hit {
  rule: Rule;
  phrase: string;
  /** Index of the hit's first token. */
  start: number;
}

/** All lexicon phrases compiled into one map from phrase (space-joined tokens) to rules. */
export interface Matcher {
  match(tokens: readonly string[]): Hit[];
  readonly phraseCount: number;
}

const FILES: Record<string, FileSource> = {
  grammar,
  'bank-charges': bankCharges,
  income,
  gambling,
  lenders,
  airtime,
  billers,
  savings,
  crypto,
  transport,
  food,
  health,
  education,
  shopping,
  travel,
  entertainment,
  insurance,
};

function compileRule(file: string, defaults: FileSource['defaults'], entry: EntrySource): Rule {
  const merged = { ...defaults, ...entry };
  const where = `lexicon ${file}.json entry ${JSON.stringify(entry.name)}`;
  const debit = merged.debit ?? null;
  const credit = merged.credit ?? null;
  const channel = merged.channel ?? null;
  const direction = merged.channelDirection ?? null;
  if (debit !== null && !isDebitCategory(debit)) throw new Error(`${where}: unknown debit category ${debit}`);
  if (credit !== null && !isCreditCategory(credit)) throw new Error(`${where}: unknown credit category ${credit}`);
  if (channel !== null && !isChannel(channel)) throw new Error(`${where}: unknown channel ${channel}`);
  if (direction !== null && direction !== 'debit' && direction !== 'credit') {
    throw new Error(`${where}: channelDirection must be debit or credit`);
  }
  return {
    id: `${file}:${entry.name}`,
    name: entry.name,
    kind: merged.kind ?? file,
    debit,
    credit,
    priority: merged.priority ?? 50,
    channel,
    channelPriority: merged.channelPriority ?? 0,
    channelDirection: direction,
    generic: merged.generic ?? false,
    flag: merged.flag ?? null,
  };
}

/** Compiles lexicon files (the built-in ones by default) into one phrase map. */
export function compileLexicon(files: Record<string, FileSource> = FILES): Matcher {
  const map = new Map<string, Rule[]>();
  /** Every proper prefix of a multi-word phrase: a scan only extends a key that is one. */
  const prefixes = new Set<string>();
  let longest = 1;
  for (const [file, source] of Object.entries(files)) {
    for (const entry of source.entries) {
      const rule = compileRule(file, source.defaults, entry);
      for (const phrase of entry.phrases) {
        const tokens = tokenise(phrase);
        if (tokens.length === 0) throw new Error(`lexicon ${file}.json: empty phrase in ${entry.name}`);
        longest = Math.max(longest, tokens.length);
        const key = tokens.join(' ');
        for (let n = 1; n < tokens.length; n++) prefixes.add(tokens.slice(0, n).join(' '));
        const list = map.get(key);
        if (list) list.push(rule);
        else map.set(key, [rule]);
      }
    }
  }
  return {
    phraseCount: map.size,
    match(tokens) {
      const hits: Hit[] = [];
      for (let i = 0; i < tokens.length; i++) {
        let key = tokens[i] as string;
        for (let n = 1; n <= longest && i + n <= tokens.length; n++) {
          if (n > 1) key += ` ${tokens[i + n - 1]}`;
          const rules = map.get(key);
          if (rules) for (const rule of rules) hits.push({ rule, phrase: key, start: i });
          if (!prefixes.has(key)) break;
        }
      }
      return hits;
    },
  };
}

let builtIn: Matcher | undefined;
/** The matcher compiled from the built-in lexicon, once per process. */
export function defaultMatcher(): Matcher {
  builtIn ??= compileLexicon();
  return builtIn;
}
