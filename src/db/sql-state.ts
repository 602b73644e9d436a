/** The SQLSTATE a PostgreSQL error carries (node-postgres and PGlite alike put it in `code`). */
const sqlState = (err: unknown): unknown =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

/** A unique index refused the write: the value is taken (by another request, perhaps at the same moment). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/**
 * A foreign key refused the write: the row it refers to is gone. A statement checked a moment
 * earlier can be deleted before a write that refers to it: the write then fails this way.
 */
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';
