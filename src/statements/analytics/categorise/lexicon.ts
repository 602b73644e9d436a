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
import rent from '../lexicon/rent.json' with { type: 'json' };
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
import { numberWord } from './words.js';

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
  namesParty?: boolean;
  rail?: boolean;
  yieldsToPayee?: boolean;
  openVenue?: boolean;
  online?: boolean;
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
  /**
   * The entry's name is the other party (`SportyBet`, `FairMoney`): not for generic words, charges,
   * reversals and salary words, nor for a named product that names no party (`SALARY ADVANCE`,
   * `namesParty: false` in the data), which is ranked as named but leaves the party to the narration.
   */
  namesParty: boolean;
  /** A payment rail or gateway (`PAYSTACK`, `FLW`): what follows it is the merchant's, not the bank's. */
  rail: boolean;
  /**
   * A charge word that is the payee's, not the bank's, when it follows a named payee
   * (`TRF TO DR ADEBAYO CLINIC/CONSULTATION FEE`): see `categorise.ts` `isPayeesFee`.
   */
  yieldsToPayee: boolean;
  /**
   * A card word that does not say where the card was used (`POS/WEB`, `CARD PAYMENT`, `CARD
   * PURCHASE`): the rest of the narration does (`categorise.ts` `channelOf`).
   */
  openVenue: boolean;
  /** A merchant that sells only card-not-present (apps, streaming, delivery, online shops). */
  online: boolean;
  /** A fact worth counting whatever the category (`card_request`, `returned_cheque`, `bounced_debit`). */
  flag: string | null;
}

/** A phrase of a rule, compiled once: what a match of it means, with the evidence it gives. */
export interface Hit {
  rule: Rule;
  /** The phrase's tokens joined by spaces. */
  phrase: string;
  /** How many words the phrase has. */
  length: number;
  /** Why the category is what it is when this hit decides it. */
  evidence: string;
  /** Why the category is the channel's default when this hit decides only the channel. */
  channelEvidence: string;
}

/** All lexicon phrases compiled into one matcher over word numbers (`words.ts`). */
export interface Matcher {
  /**
   * The hits of every phrase found in the first `count` words, by first word, shorter first; when
   * `starts` is given, the position of each hit's first word is pushed to it, in the same order.
   */
  match(words: ArrayLike<number>, count?: number, starts?: number[]): Hit[];
  readonly phraseCount: number;
}

const FILES: Record<string, FileSource> = {
  grammar,
  'bank-charges': bankCharges,
  income,
  rent,
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

/** Kinds of entry that name what happened, never the other party. */
const UNNAMED_KINDS: ReadonlySet<string> = new Set(['bank_charge', 'reversal', 'salary']);

function compileRule(file: string, defaults: FileSource['defaults'], entry: EntrySource): Rule {
  const merged = { ...defaults, ...entry };
  const where = `lexicon ${file}.json entry ${JSON.stringify(entry.name)}`;
  const debit = merged.debit ?? null;
  const credit = merged.credit ?? null;
  const channel = merged.channel ?? null;
  const direction = merged.channelDirection ?? null;
  const generic = merged.generic ?? false;
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
    generic,
    namesParty: !generic && !UNNAMED_KINDS.has(merged.kind ?? file) && (merged.namesParty ?? true),
    rail: merged.rail ?? false,
    yieldsToPayee: merged.yieldsToPayee ?? false,
    openVenue: merged.openVenue ?? false,
    online: merged.online ?? false,
    flag: merged.flag ?? null,
  };
}

/** A phrase trie node: the hits of the phrase ending here, and the phrases that extend it by a word. */
interface PhraseNode {
  phrase: string;
  hits: Hit[] | null;
  next: Map<number, PhraseNode> | null;
}

const hitOf = (rule: Rule, phrase: string, length: number): Hit => ({
  rule,
  phrase,
  length,
  evidence: `${rule.id} matched "${phrase}"`,
  channelEvidence: `no category word; default for ${rule.id} "${phrase}"`,
});

/** Compiles lexicon files (the built-in ones by default) into one phrase trie, keyed by word number. */
export function compileLexicon(files: Record<string, FileSource> = FILES): Matcher {
  const first = new Map<number, PhraseNode>();
  let phraseCount = 0;
  for (const [file, source] of Object.entries(files)) {
    for (const entry of source.entries) {
      const rule = compileRule(file, source.defaults, entry);
      for (const phrase of entry.phrases) {
        const tokens = tokenise(phrase);
        if (tokens.length === 0) throw new Error(`lexicon ${file}.json: empty phrase in ${entry.name}`);
        let level = first;
        let node: PhraseNode | undefined;
        for (let n = 0; n < tokens.length; n++) {
          if (node) level = node.next ??= new Map();
          const word = numberWord(tokens[n] as string);
          node = level.get(word);
          if (!node) {
            node = { phrase: tokens.slice(0, n + 1).join(' '), hits: null, next: null };
            level.set(word, node);
          }
        }
        const end = node as PhraseNode;
        if (end.hits) end.hits.push(hitOf(rule, end.phrase, tokens.length));
        else {
          end.hits = [hitOf(rule, end.phrase, tokens.length)];
          phraseCount++;
        }
      }
    }
  }
  // Phrases by first word's number in an array: every word of a narration is looked up here.
  const root: (PhraseNode | null)[] = new Array(Math.max(0, ...first.keys()) + 1).fill(null);
  for (const [word, node] of first) root[word] = node;
  return {
    phraseCount,
    match(words, count = words.length, starts) {
      const hits: Hit[] = [];
      for (let i = 0; i < count; i++) {
        const word = words[i] as number;
        let node = word < root.length ? root[word] : null;
        for (let j = i + 1; node; j++) {
          if (node.hits)
            for (const hit of node.hits) {
              hits.push(hit);
              starts?.push(i);
            }
          if (!node.next || j >= count) break;
          node = node.next.get(words[j] as number);
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
