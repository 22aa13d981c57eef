import { randomBytes } from 'node:crypto';

export type ErrorDetail = { field?: string; value?: string; location?: string; issue: string; description?: string };

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
};

/** An error the stand-in answers in PayPal's shape: `{name, message, debug_id, details, links}`. */
export class PayPalStandInError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(status: number, name: string, details: ErrorDetail[], message = MESSAGES[name] ?? name) {
    super(message);
    this.name = name;
    this.status = status;
    this.details = details;
  }

  toJSON() {
    const debugId = randomBytes(7).toString('hex').slice(0, 13);
    return { name: this.name, message: this.message, debug_id: debugId, details: this.details, links: [] };
  }
}

export const resourceNotFound = (description: string) =>
  new PayPalStandInError(404, 'RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description }]);

export const missingField = (field: string) =>
  new PayPalStandInError(400, 'INVALID_REQUEST', [
    {
      field,
      location: 'body',
      issue: 'MISSING_REQUIRED_PARAMETER',
      description: 'A required field / parameter is missing.',
    },
  ]);

export const invalidValue = (field: string, value: string, description: string) =>
  new PayPalStandInError(400, 'INVALID_REQUEST', [
    { field, value, location: 'body', issue: 'INVALID_PARAMETER_VALUE', description },
  ]);

export const unprocessable = (issue: string, description: string, field?: string) =>
  new PayPalStandInError(422, 'UNPROCESSABLE_ENTITY', [field ? { field, issue, description } : { issue, description }]);

export const malformedJson = () =>
  new PayPalStandInError(400, 'INVALID_REQUEST', [
    { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
  ]);
