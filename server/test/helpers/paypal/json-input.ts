import { invalidValue, missingField } from './paypal-error.ts';

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object at `value`, or an empty one: optional nested objects read like absent fields. */
export const objectAt = (value: unknown): JsonObject => (isObject(value) ? value : {});

/** An optional string field; any other type is a 400 as on PayPal. */
export function optionalText(body: JsonObject, key: string, field = `/${key}`): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidValue(field, String(value), 'The value of a field is invalid.');
  return value;
}

export function requiredText(body: JsonObject, key: string, field = `/${key}`): string {
  const value = optionalText(body, key, field);
  if (value === undefined || value === '') throw missingField(field);
  return value;
}

/** A string that must be one of `allowed`. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidValue(field, value, `The value of a field does not conform to the expected format.`);
  }
  return value as T;
}

export function optionalInteger(body: JsonObject, key: string, field = `/${key}`): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidValue(field, String(value), 'The value of a field is invalid.');
  }
  return value;
}

export function optionalBoolean(body: JsonObject, key: string, field = `/${key}`): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidValue(field, String(value), 'The value of a field is invalid.');
  return value;
}
