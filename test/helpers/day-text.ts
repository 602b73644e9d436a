/** A day `YYYY-MM-DD` as the providers write it in their bodies (test support). */

/** `2022-03-05` -> `3/5/2022`: month first, no padding (periculum, mbs). */
export const mdy = (day: string): string => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(0, 4)}`;

/** `2022-03-05` -> `05-03-2022` (okra's `unformatted_trans_date`), or `05/03/2022` with `sep` `/` (zeeh). */
export const dmy = (day: string, sep: '-' | '/' = '-'): string =>
  `${day.slice(8, 10)}${sep}${day.slice(5, 7)}${sep}${day.slice(0, 4)}`;
