import type { Row } from './statement-builder.js';

/** Rows in date order (stable for rows of one day). */
export const byDate = (rows: Row[]): Row[] => rows.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
