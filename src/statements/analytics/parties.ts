import type { Bucket, StreamsIndex } from './streams-index.js';

/**
 * Counts how often each party (a counterparty or payee name) appears among rows of one direction,
 * numbering parties in order of first count. A row whose party is its counterparty in the streams
 * index is counted by that counterparty's number (`addParty`), which saves hashing the name again
 * for every row (most rows); any other name is looked up (`addName`), and a name the index knows
 * gets the same number, so the counts are those of counting names.
 */
export class PartyTally {
  private readonly byName: ReadonlyMap<string, Bucket>;
  private readonly indexed: readonly string[];
  /** Per party: its count and the order of its first count; the index's parties first, then others. */
  private readonly counts: number[];
  private readonly firstSeen: number[];
  private readonly otherNames: string[] = [];
  private readonly others = new Map<string, number>();
  private seen = 0;

  constructor(index: StreamsIndex, credit: boolean) {
    this.byName = credit ? index.credit : index.debit;
    this.indexed = credit ? index.parties.credit : index.parties.debit;
    this.counts = new Array(this.indexed.length).fill(0);
    this.firstSeen = new Array(this.indexed.length).fill(-1);
  }

  /** Counts the index's party number `party` (`StreamsIndex.partyOf` of a row); returns it. */
  addParty(party: number): number {
    if (this.counts[party] === 0) this.firstSeen[party] = this.seen++;
    this.counts[party] = (this.counts[party] as number) + 1;
    return party;
  }

  /** Counts a party by name; returns its number. */
  addName(name: string): number {
    const known = this.byName.get(name);
    if (known !== undefined) return this.addParty(known.party);
    let party = this.others.get(name);
    if (party === undefined) {
      party = this.counts.length;
      this.others.set(name, party);
      this.otherNames.push(name);
      this.counts.push(0);
      this.firstSeen.push(-1);
    }
    return this.addParty(party);
  }

  /** Number of the most counted party (ties: the first counted); -1 when nothing was counted. */
  top(): number {
    let best = -1;
    for (let p = 0; p < this.counts.length; p++) {
      const count = this.counts[p] as number;
      if (count === 0) continue;
      if (best < 0 || count > (this.counts[best] as number)) best = p;
      else if (count === this.counts[best] && (this.firstSeen[p] as number) < (this.firstSeen[best] as number))
        best = p;
    }
    return best;
  }

  /** How often party `party` was counted. */
  countOf(party: number): number {
    return this.counts[party] ?? 0;
  }

  nameOf(party: number): string {
    return party < this.indexed.length
      ? (this.indexed[party] as string)
      : (this.otherNames[party - this.indexed.length] as string);
  }
}
