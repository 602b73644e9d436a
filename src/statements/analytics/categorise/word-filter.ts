/**
 * A cheap first test for membership in a fixed set of words: the lengths seen per pair of leading
 * characters. A narration's words are fresh strings, and the first lookup of one in a Map or Set
 * hashes it; most words (names, references) are not in the set and are ruled out here unhashed.
 * May say yes for a non-member, never no for a member.
 */
export class WordFilter {
  private readonly lengths = new Uint32Array(4096);

  constructor(words: Iterable<string>) {
    for (const word of words) {
      const i = slot(word);
      this.lengths[i] = (this.lengths[i] as number) | lengthBit(word);
    }
  }

  mayHave(word: string): boolean {
    return ((this.lengths[slot(word)] as number) & lengthBit(word)) !== 0;
  }
}

/** Low six bits of the first two characters (a missing one reads as 0). */
const slot = (word: string) => ((word.charCodeAt(0) & 63) << 6) | (word.charCodeAt(1) & 63);
const lengthBit = (word: string) => 1 << Math.min(word.length, 31);
