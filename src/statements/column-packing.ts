/**
 * Compact forms of a transaction document's columns (`transaction-document.ts`): rows of one day
 * repeat their date, a running balance follows from the previous one and the amount, narrations
 * are plain lines. Each form gives back exactly what it was given.
 */

/**
 * A column of texts as runs: each value once, followed by how many more rows repeat it when some
 * do (a number: the column's values are never numbers). `['2023-01-02', 2, null]` is
 * `['2023-01-02', '2023-01-02', '2023-01-02', null]`.
 */
export type Runs = Array<string | null | number>;

/** Builds the runs of a column one value at a time; `end()` gives them. */
export class RunWriter {
  private readonly runs: Runs = [];
  /** Undefined before the first value: never equal to one. */
  private last: string | null | undefined;
  private repeats = 0;

  add(value: string | null): void {
    if (value === this.last) {
      this.repeats++;
      return;
    }
    if (this.repeats > 0) this.runs.push(this.repeats);
    this.repeats = 0;
    this.runs.push(value);
    this.last = value;
  }

  end(): Runs {
    if (this.repeats > 0) this.runs.push(this.repeats);
    this.repeats = 0;
    return this.runs;
  }
}

/** The column `runs` stands for; it must have `rows` values. */
export function expandRuns<T extends string | null>(runs: Runs, rows: number): T[] {
  const values: T[] = [];
  let last = null as T;
  for (const x of runs) {
    if (typeof x === 'number') {
      for (let k = 0; k < x; k++) values.push(last);
    } else {
      last = x as T;
      values.push(last);
    }
  }
  if (values.length !== rows) throw new Error(`runs give ${values.length} values for ${rows} rows`);
  return values;
}

/** The balance a row has when it follows the previous one: null after a row without one. */
const chained = (previous: number | null, credit: boolean, amount: number): number | null =>
  previous === null ? null : credit ? previous + amount : previous - amount;

/**
 * Records a column of running balances by where the chain breaks: the row index, then the row's
 * balance (or null), for each row whose balance is not the previous balance plus (credit) or minus
 * (debit) its amount. A statement whose balances all chain stores its first balance only; one
 * without balances stores nothing. The comparison is the arithmetic `balancesFromBreaks` does, so
 * a row left out is given back to the bit.
 */
export class BalanceBreaks {
  readonly breaks: Array<number | null> = [];
  private previous: number | null = null;
  private row = 0;

  add(balance: number | null, credit: boolean, amount: number): void {
    if (balance !== chained(this.previous, credit, amount)) this.breaks.push(this.row, balance);
    this.previous = balance;
    this.row++;
  }
}

/** The balances `breaks` records for rows of these directions (`C`/`D` letters) and amounts. */
export function balancesFromBreaks(
  breaks: ReadonlyArray<number | null>,
  direction: string,
  amount: readonly number[],
): Array<number | null> {
  const balances: Array<number | null> = [];
  let previous: number | null = null;
  let k = 0;
  for (let i = 0; i < amount.length; i++) {
    if (breaks[k] === i) {
      previous = breaks[k + 1] ?? null;
      k += 2;
    } else {
      previous = chained(previous, direction.charCodeAt(i) === 67, amount[i] as number);
    }
    balances.push(previous);
  }
  if (k !== breaks.length) throw new Error('balance breaks past the last row or out of order');
  return balances;
}

/** A lone surrogate (or any surrogate: a pair is rare in a narration and takes the JSON path too). */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The narrations as lines (`\n` between them), or undefined when lines could not give them back:
 * none at all, a line break inside one, or a surrogate (UTF-8 has no lone surrogates; JSON escapes them).
 */
export function narrationLines(narrations: readonly string[]): string | undefined {
  if (narrations.length === 0) return undefined;
  const lines = narrations.join('\n');
  if (SURROGATE.test(lines)) return undefined;
  let breaks = 0;
  for (let at = lines.indexOf('\n'); at !== -1; at = lines.indexOf('\n', at + 1)) breaks++;
  return breaks === narrations.length - 1 ? lines : undefined;
}

/** The narrations `narrationLines` joined; there must be `rows` of them. */
export function splitNarrations(lines: string, rows: number): string[] {
  const narrations = lines.split('\n');
  if (narrations.length !== rows) throw new Error(`${narrations.length} narration lines for ${rows} rows`);
  return narrations;
}
