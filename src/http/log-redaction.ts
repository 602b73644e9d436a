/**
 * Keys whose values never reach a log line, at any depth: credentials, identity numbers, names,
 * dates of birth, images. Matched case-insensitively against the last path segment.
 */
const SENSITIVE = new Set(
  [
    'authorization',
    'cookie',
    'client_secret',
    'secret',
    'access_token',
    'password',
    'bvn',
    'nin',
    'name',
    'fullname',
    'clientfullname',
    'firstname',
    'lastname',
    'surname',
    'othernames',
    'dateofbirth',
    'birthdate',
    'date_of_birth',
    'image',
    'file',
  ].map((k) => k.toLowerCase()),
);

const CENSOR = '[redacted]';

function redact(value: unknown, depth: number): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return CENSOR;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.has(k.toLowerCase()) ? CENSOR : redact(v, depth + 1);
  }
  return out;
}

/** pino `formatters.log`: the merged log object with every sensitive key censored. */
export const redactLogObject = (object: Record<string, unknown>): Record<string, unknown> =>
  redact(object, 0) as Record<string, unknown>;
