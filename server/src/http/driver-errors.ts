import { ObjectNotFoundError } from '../storage/storage-driver.ts';
import { AppError } from './app-error.ts';

// Errors of the database drivers (better-sqlite3, pg), the file system and the S3 SDK, recognised
// in this one place: storage adapters ask whether an object is missing, and the error handler turns
// what escapes a service into an answer with a code, without the driver's text (table, constraint,
// path or key names stay in the log).

type DriverError = { code?: unknown; errno?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } };
const fieldsOf = (error: unknown): DriverError => (error && typeof error === 'object' ? (error as DriverError) : {});

/** PostgreSQL SQLSTATEs and SQLite extended codes of a row that breaks a unique or foreign key. */
const UNIQUE = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const FOREIGN_KEY = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);
/** The database is there but cannot answer now: busy, shutting down, out of connections, unreachable. */
const UNAVAILABLE = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  '57P01',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
]);

/** Two writers raced for one unique value (a name, a token): the loser gets a conflict. */
export function isUniqueViolation(error: unknown): boolean {
  return UNIQUE.has(String(fieldsOf(error).code));
}

/** A row points at one that is gone (deleted in between). */
export function isForeignKeyViolation(error: unknown): boolean {
  return FOREIGN_KEY.has(String(fieldsOf(error).code));
}

/** A file that does not exist on disk. */
export function isMissingFile(error: unknown): boolean {
  return fieldsOf(error).code === 'ENOENT';
}

/** An object or upload an S3-compatible store does not have (RGW also answers NoSuchKey for an unknown upload). */
export function isMissingObject(error: unknown): boolean {
  const e = fieldsOf(error);
  return (
    error instanceof ObjectNotFoundError ||
    e.name === 'NoSuchKey' ||
    e.name === 'NoSuchUpload' ||
    e.name === 'NotFound' ||
    e.$metadata?.httpStatusCode === 404
  );
}

/** The disk or the quota of the store is full. */
export function isOutOfSpace(error: unknown): boolean {
  const code = fieldsOf(error).code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** The AppError a driver error stands for, or undefined when it is a real crash (a 500). */
export function appErrorOfDriver(error: unknown): AppError | undefined {
  if (isUniqueViolation(error))
    return new AppError(409, 'This was changed at the same time elsewhere. Reload and try again.', {
      code: 'conflict',
    });
  if (isForeignKeyViolation(error))
    return new AppError(409, 'Something this needs was removed in the meantime. Reload and try again.', {
      code: 'conflict',
    });
  if (isMissingFile(error) || isMissingObject(error)) return new AppError(404, 'Not found.', { code: 'not_found' });
  if (isOutOfSpace(error))
    return new AppError(507, 'The server has no room left to store this.', { code: 'insufficient_storage' });
  if (UNAVAILABLE.has(String(fieldsOf(error).code)))
    return new AppError(503, 'The service is busy. Please try again in a moment.', { code: 'service_unavailable' });
  return undefined;
}
