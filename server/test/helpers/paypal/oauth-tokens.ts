import { randomBytes } from 'node:crypto';
import { isoTime } from './paypal-objects.ts';

/** PayPal's answer to a client-credentials grant; tokens live 9 hours. */
export type TokenResponse = {
  scope: string;
  access_token: string;
  token_type: 'Bearer';
  app_id: string;
  expires_in: number;
  nonce: string;
};

export type TokenError = { error: string; error_description: string };

const SCOPE = [
  'https://uri.paypal.com/services/subscriptions',
  'https://uri.paypal.com/services/payments/payment',
  'https://uri.paypal.com/services/applications/webhooks',
  'https://uri.paypal.com/services/reporting/search/read',
].join(' ');

/** Issues bearer tokens to one client (HTTP Basic `clientId:clientSecret`) and knows the ones it issued. */
export class AccessTokens {
  private readonly basic: string;
  private readonly issued = new Set<string>();

  constructor(clientId: string, clientSecret: string) {
    this.basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }

  /** A new token for a `grant_type=client_credentials` form with the right credentials, else undefined. */
  issue(authorization: string | undefined, form: string): TokenResponse | TokenError | undefined {
    if (authorization !== this.basic) return undefined;
    if (new URLSearchParams(form).get('grant_type') !== 'client_credentials') {
      return { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' };
    }
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    this.issued.add(token);
    return {
      scope: SCOPE,
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32_400,
      nonce: `${isoTime(new Date())}${randomBytes(16).toString('base64url')}`,
    };
  }

  isValid(authorization: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    return match !== null && this.issued.has(match[1]);
  }
}
