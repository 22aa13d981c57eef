/** An error the stand-in answers in Stripe's shape: `{error: {type, message, param?, code?}}`. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: 'invalid_request_error' | 'card_error';
  readonly param?: string;
  readonly code?: string;

  constructor(
    status: number,
    message: string,
    type: 'invalid_request_error' | 'card_error' = 'invalid_request_error',
    param?: string,
    code?: string,
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, param: this.param, code: this.code } };
  }
}

export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', param, 'resource_missing');

export const parameterMissing = (param: string) =>
  new StripeApiError(400, `Missing required param: ${param}.`, 'invalid_request_error', param, 'parameter_missing');

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, message, 'invalid_request_error', param, 'parameter_invalid');
