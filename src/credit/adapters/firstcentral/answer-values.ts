import { formatMajor, parseMinor } from '../../../domain/money.js';
import { EMPTY_METRIC, type MetricKind, type SectionRows } from '../../report.js';

/** A FirstCentral answer the mapper cannot turn into a report; the adapter reports it as unreadable. */
export class UnreadableReportError extends Error {}

/** FirstCentral spells keys in PascalCase, KYC re-wrappers in camelCase: compare them loosely. */
const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The sections of a full report: FirstCentral's array of one-key objects merged into one object. */
export function mergeSections(answer: unknown): Record<string, unknown> {
  if (Array.isArray(answer)) {
    const merged: Record<string, unknown> = {};
    for (const part of answer) {
      if (part && typeof part === 'object' && !Array.isArray(part)) Object.assign(merged, part);
    }
    return merged;
  }
  if (answer && typeof answer === 'object') return answer as Record<string, unknown>;
  throw new UnreadableReportError('the report is neither an array of sections nor an object');
}

/** Reads a value by the first of several names that the source has, compared loosely. */
export type Lookup = (...names: string[]) => unknown;

export function lookup(source: Record<string, unknown>): Lookup {
  const byNorm = new Map(Object.entries(source).map(([k, v]) => [norm(k), v]));
  return (...names) => {
    for (const n of names) {
      const v = byNorm.get(norm(n));
      if (v !== undefined) return v;
    }
    return undefined;
  };
}

/** The bureau's ways of saying "no value": null, nothing, blank or `-`. */
export const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && /^\s*-?\s*$/.test(v));

/** The rows of a section: objects only (a truncation marker is not a row), rows with no value dropped. */
export function rows(value: unknown): SectionRows {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list
    .filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r))
    .map((r) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => k !== '_id')
          .map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]),
      ),
    )
    .filter((r) => Object.values(r).some((v) => !isBlank(v)));
}

/** Each section's rows, or `null` when the bureau has none; found by its own name or one of its aliases. */
export function nullableSections<S extends string>(
  get: Lookup,
  sections: readonly S[],
  aliases: Partial<Record<S, readonly string[]>> = {},
): Record<S, SectionRows | null> {
  return Object.fromEntries(
    sections.map((s) => {
      const found = rows(get(s, ...(aliases[s] ?? [])));
      return [s, found.length > 0 ? found : null];
    }),
  ) as Record<S, SectionRows | null>;
}

/** A row's text members by their spec names: `''` for a value the bureau left out or sent as null. */
export function textFields<F extends string>(get: Lookup, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = get(f);
      return [f, v === null || v === undefined ? '' : String(v)];
    }),
  ) as Record<F, string>;
}

/** `DD/MM/YYYY` as is; ISO dates (with or without a time) turned into it. */
export function bureauDate(text: string): string | undefined {
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return text;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : undefined;
}

/** A bureau date in the report's `DD/MM/YYYY`, or `''` when it is blank or not a date. */
export const reportDate = (text: string): string => bureauDate(text.trim()) ?? '';

/** The bureau's numeric ID of a subject (sent as text or as a number). */
export function subjectId(value: unknown, where: string): number {
  const id = Number.parseInt(String(value ?? ''), 10);
  if (!Number.isSafeInteger(id) || id < 0) throw new UnreadableReportError(`${where} is not a number`);
  return id;
}

/** A bureau amount (`"17,205.00"`, `"23000"`) in minor units; a blank one is undefined. */
export function minorOf(value: unknown, where: string): number | undefined {
  if (isBlank(value)) return undefined;
  const parsed = parseMinor(String(value).trim());
  if (!parsed.ok) throw new UnreadableReportError(`${where}: ${parsed.reason}`);
  return parsed.minor;
}

/** A bureau value in the spec's format for its kind; a blank one is the kind's empty value. */
export function formatMetric(kind: MetricKind, value: unknown, where: string): string {
  if (isBlank(value)) return EMPTY_METRIC[kind];
  const text = String(value).trim();
  if (kind === 'amount') return formatMajor(minorOf(text, where) ?? 0);
  if (kind === 'count') {
    if (!/^\d+(\.0+)?$/.test(text))
      throw new UnreadableReportError(`${where}: expected a count, got ${JSON.stringify(text)}`);
    return String(Number.parseInt(text, 10));
  }
  const date = bureauDate(text);
  if (date === undefined) throw new UnreadableReportError(`${where}: expected a date, got ${JSON.stringify(text)}`);
  return date;
}
