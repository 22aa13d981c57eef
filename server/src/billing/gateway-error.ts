import Stripe from 'stripe';
import { AppError } from '../http/app-error.ts';
import { isPayPalError } from './paypal/paypal-client.ts';

export const GATEWAY_UNREACHABLE = 'The payment service could not be reached. Try again in a moment.';

/** A gateway's refusal or silence as an answer the browser can show (502); Kosh's own errors pass through. */
export function gatewayError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeError || isPayPalError(error)) return new AppError(502, GATEWAY_UNREACHABLE);
  return error;
}
