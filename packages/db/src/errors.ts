/** SQLSTATE codes the services react to. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** A Postgres error as both drivers (node-postgres and PGlite) report it. */
export interface DatabaseError {
  code: string;
  constraint?: string | undefined;
  message: string;
}

/**
 * The database's error that `error` is or wraps (drizzle wraps the driver's error in `cause`):
 * the first one in the chain that carries a SQLSTATE code (five digits or capitals).
 */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: String(candidate.message ?? ''),
      };
    }
  }
  return undefined;
}

/**
 * Whether `error` (or what it wraps) is a unique violation; of `constraint` when given (read
 * from the error's `constraint` field, or its message when the driver leaves the field out).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const dbError = databaseErrorOf(error);
  if (dbError?.code !== UNIQUE_VIOLATION) return false;
  if (constraint === undefined) return true;
  return dbError.constraint === constraint || dbError.message.includes(constraint);
}

/** Whether `error` (or what it wraps) is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === FOREIGN_KEY_VIOLATION;
}
