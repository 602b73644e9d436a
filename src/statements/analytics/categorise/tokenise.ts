export const USSD_CODE = /(?<![\d*X])\*\d{2,4}[*#][\d*#]*/g;
const SEPARATORS = /[^A-Z0-9]+/;

/**
 * Upper-cased word tokens of a narration: everything that is not a letter or digit separates words,
 * so `PAYSTACK*SPORTYBET`, `BET9JA.COM` and `NIP/GTB/JOHN` split cleanly and matching is on whole
 * words (GLO never matches inside GLOBUS, RENT never inside PARENT). USSD short codes (`*737*`)
 * become the word `USSD`.
 */
export function tokenise(narration: string): string[] {
  let text = narration.toUpperCase();
  if (text.includes('*')) text = text.replace(USSD_CODE, ' USSD ');
  const tokens = text.split(SEPARATORS);
  if (tokens.length > 0 && tokens[0] === '') tokens.shift();
  if (tokens.length > 0 && tokens[tokens.length - 1] === '') tokens.pop();
  return tokens;
}
