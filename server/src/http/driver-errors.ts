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
/**
 * The database is there but cannot answer now: busy, shutting down, out of connections, unreachable,
 * refusing connections (PostgreSQL class 08, 57P01-57P03, 53300; 55000 for a database not accepting
 * connections), or a SQLite file that is busy (extended codes included), cannot be opened or read.
 */
const UNAVAILABLE = new Set([
  'SQLITE_BUSY',
  // A read transaction that then writes after another connection committed: try again.
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_NOTADB',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '55000',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/** What the drivers say, without a code, when their connection is closed or lost under them. */
const UNAVAILABLE_MESSAGES = [
  /^The database connection is not open$/, // better-sqlite3 after close()
  /^driver has already been destroyed$/, // Kysely after destroy()
  /^Connection terminated( unexpectedly| due to connection timeout)?$/, // pg
  /^Cannot use a pool after calling end on the pool$/, // pg
  /^timeout exceeded when trying to connect$/, // pg pool
];
/** How long a client should wait before trying again while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;
/** What the multipart parser (busboy) says of a body that breaks off or is not multipart data at all. */
const BROKEN_MULTIPART = [
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Malformed part header$/,
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** The database cannot answer now (down, restarting, closed): the request may succeed later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = String(fieldsOf(error).code);
  if (UNAVAILABLE.has(code) || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return true;
  const message = messageOf(error);
  return UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/** A request body that breaks off or is not the multipart data it says it is: the client's fault. */
export function isBrokenRequestBody(error: unknown): boolean {
  const message = messageOf(error);
  return BROKEN_MULTIPART.some((m) => m.test(message));
}

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

/** The disk or the quota of the store is full, or the database's disk is (SQLITE_FULL, PostgreSQL 53100). */
export function isOutOfSpace(error: unknown): boolean {
  const code = fieldsOf(error).code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
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
    return new AppError(507, 'The server has no room left to store this. Nothing was saved.', {
      code: 'insufficient_storage',
    });
  if (isDatabaseUnavailable(error))
    return new AppError(503, 'The service is unavailable. Please try again in a moment.', {
      code: 'service_unavailable',
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
  if (isBrokenRequestBody(error))
    return new AppError(400, 'The request body is incomplete or is not valid form data.', { code: 'bad_request' });
  return undefined;
}
