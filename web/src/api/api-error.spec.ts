import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { shouldRetry, isHandledByCaller } from './query-client.ts';
import { matchFieldErrors } from './form-errors.ts';

describe('ApiError', () => {
  it('reads the message and normalises the errors map', () => {
    const error = new ApiError(422, {
      message: 'Invalid',
      errors: { email: 'Taken', password: ['Too short', 'Weak'] },
    });
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ email: ['Taken'], password: ['Too short', 'Weak'] });
    expect(error.displayMessage).toBe('Taken');
    expect(error.debug).toBeUndefined();
  });

  it('carries the code the server sent, and none when the answer had none', () => {
    expect(new ApiError(423, { message: 'Confirm', code: 'password_confirmation_required' }).code).toBe(
      'password_confirmation_required',
    );
    expect(new ApiError(502, undefined).code).toBeUndefined();
  });

  it('uses the message when there are no field errors', () => {
    expect(new ApiError(403, { message: 'Nope' }).displayMessage).toBe('Nope');
    expect(new ApiError(500, undefined).displayMessage).toBeUndefined();
  });

  it('keeps the developer payload when the body has a trace', () => {
    const body = { message: 'boom', exception: 'SqliteError', trace: [], totalVendorGroups: 0, ignitionTrace: true };
    expect(new ApiError(500, body).debug).toEqual(body);
  });
});

describe('shouldRetry', () => {
  it('retries up to 2 times', () => {
    const error = new ApiError(500, {});
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
  });

  it('never retries after 401, 403 or 404', () => {
    for (const status of [401, 403, 404]) expect(shouldRetry(0, new ApiError(status, {}))).toBe(false);
  });
});

describe('isHandledByCaller', () => {
  it('lets the caller claim statuses, or all errors', () => {
    expect(isHandledByCaller(new ApiError(404, {}), { handledStatuses: [404] })).toBe(true);
    expect(isHandledByCaller(new ApiError(500, {}), { handledStatuses: [404] })).toBe(false);
    expect(isHandledByCaller(new ApiError(500, {}), { handledStatuses: 'all' })).toBe(true);
    expect(isHandledByCaller(new ApiError(500, {}), undefined)).toBe(false);
  });

  it('lets the caller claim error codes', () => {
    const locked = new ApiError(423, { message: 'Confirm', code: 'password_confirmation_required' });
    expect(isHandledByCaller(locked, { handledCodes: ['password_confirmation_required'] })).toBe(true);
    expect(isHandledByCaller(new ApiError(423, {}), { handledCodes: ['password_confirmation_required'] })).toBe(false);
  });
});

describe('matchFieldErrors', () => {
  it('returns the first message of each known field in form order', () => {
    expect(
      matchFieldErrors({ password: ['Short'], email: ['Taken', 'x'], other: ['?'] }, ['email', 'password']),
    ).toEqual([
      ['email', 'Taken'],
      ['password', 'Short'],
    ]);
  });
});
