import { describe, expect, it } from 'vitest';
import { ObjectNotFoundError } from '../storage/storage-driver.ts';
import { appErrorOfDriver, isMissingFile, isMissingObject, isUniqueViolation } from './driver-errors.ts';

const withCode = (code: string, message = 'driver text') => Object.assign(new Error(message), { code });
const named = (name: string, status?: number) =>
  Object.assign(new Error(name), { name, $metadata: status ? { httpStatusCode: status } : undefined });

describe('driver errors', () => {
  it('recognises a unique violation of SQLite and of PostgreSQL', () => {
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_NOTNULL'))).toBe(false);
  });

  it('recognises a missing file and a missing object', () => {
    expect(isMissingFile(withCode('ENOENT'))).toBe(true);
    expect(isMissingFile(withCode('EACCES'))).toBe(false);
    for (const error of [named('NoSuchKey'), named('NoSuchUpload'), named('Other', 404), new ObjectNotFoundError('k')])
      expect(isMissingObject(error)).toBe(true);
    expect(isMissingObject(named('AccessDenied', 403))).toBe(false);
  });

  it('maps each to a code without the driver text', () => {
    const cases: Array<[unknown, number, string]> = [
      [withCode('23505', 'duplicate key value violates unique constraint "users_email_unique"'), 409, 'conflict'],
      [withCode('SQLITE_CONSTRAINT_FOREIGNKEY'), 409, 'conflict'],
      [withCode('ENOENT', "ENOENT: no such file '/data/secret'"), 404, 'not_found'],
      [named('NoSuchKey'), 404, 'not_found'],
      [withCode('ENOSPC'), 507, 'insufficient_storage'],
      [withCode('SQLITE_FULL'), 507, 'insufficient_storage'],
      [withCode('53100'), 507, 'insufficient_storage'],
      [withCode('55000'), 503, 'service_unavailable'],
      [withCode('SQLITE_IOERR_READ'), 503, 'service_unavailable'],
      [new Error('The database connection is not open'), 503, 'service_unavailable'],
      [new Error('Connection terminated unexpectedly'), 503, 'service_unavailable'],
      [new Error('Unexpected end of multipart data'), 400, 'bad_request'],
      [withCode('SQLITE_BUSY'), 503, 'service_unavailable'],
      [withCode('SQLITE_BUSY_SNAPSHOT'), 503, 'service_unavailable'],
    ];
    for (const [error, status, code] of cases) {
      const mapped = appErrorOfDriver(error);
      expect(mapped?.status).toBe(status);
      expect(mapped?.code).toBe(code);
      expect(mapped?.message).not.toMatch(/constraint|ENOENT|secret|SQLITE/);
    }
  });

  it('leaves every other error a crash', () => {
    expect(appErrorOfDriver(new Error('boom'))).toBeUndefined();
    expect(appErrorOfDriver(withCode('SQLITE_ERROR'))).toBeUndefined();
    expect(appErrorOfDriver(undefined)).toBeUndefined();
  });
});
