import { AppError, pointerToken } from '../domain/errors.js';

/**
 * An `application/x-www-form-urlencoded` body as its parameters. A parameter sent twice is refused
 * at its path: which of the two to take would be a guess, and OAuth forbids it (RFC 6749 §3.2).
 */
export function formParameters(text: string): Record<string, string> {
  const parameters = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (parameters.has(name)) {
      const path = `/body/${pointerToken(name)}`;
      const message = 'is repeated; send each parameter once';
      throw new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
    }
    parameters.set(name, value);
  }
  return Object.fromEntries(parameters);
}
