import type { FormatName } from '../../domain/statement.js';
import type { AnyStatementFormat } from '../format.js';
import { dojah } from './dojah/normalize.js';
import { mbs } from './mbs/normalize.js';
import { mono } from './mono/normalize.js';
import { okra } from './okra/normalize.js';
import { periculum } from './periculum/normalize.js';
import { zeeh } from './zeeh/normalize.js';

/** Every statement format the service reads, F1..F6. Adding one: a folder and one line here. */
export const statementFormats = [
  periculum,
  mono,
  okra,
  dojah,
  mbs,
  zeeh,
] as const satisfies readonly AnyStatementFormat[];

export const formatByName = new Map<string, AnyStatementFormat>(statementFormats.map((f) => [f.name, f]));

export const formatNames: FormatName[] = statementFormats.map((f) => f.name);
