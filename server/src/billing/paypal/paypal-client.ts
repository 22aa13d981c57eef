import { ApiError, Client, Environment, type OAuthToken } from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export type PayPalMode = 'sandbox' | 'live';

export type PayPalCredentials = { clientId: string; clientSecret: string; mode: PayPalMode };

/** PayPal's own API address for a mode. */
export const paypalBaseUrl = (mode: PayPalMode): string =>
  mode === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';

/**
 * The SDK knows only PayPal's two addresses; with PAYPAL_API_URL set, its requests are sent to that
 * origin instead (same path and query), through axios's own HTTP adapter.
 */
function addressAdapter(apiUrl: string): AxiosAdapter {
  const target = new URL(apiUrl);
  const send = axios.getAdapter('http');
  return (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? '/', paypalBaseUrl('live'));
    url.protocol = target.protocol;
    url.host = target.host;
    return send({ ...config, url: url.toString() });
  };
}

/**
 * PayPal's official server SDK for its Subscriptions API, plus authenticated `request()` for the
 * calls it does not cover (catalog products, webhook signature checks), sharing one access token.
 */
export class PayPalClient {
  readonly sdk: Client;
  readonly baseUrl: string;
  private token: OAuthToken | undefined;
  constructor(credentials: PayPalCredentials, apiUrl: string | undefined) {
    this.baseUrl = (apiUrl ?? paypalBaseUrl(credentials.mode)).replace(/\/$/, '');
    this.sdk = new Client({
      environment: credentials.mode === 'live' ? Environment.Production : Environment.Sandbox,
      timeout: 20_000,
      clientCredentialsAuthCredentials: {
        oAuthClientId: credentials.clientId,
        oAuthClientSecret: credentials.clientSecret,
        oAuthOnTokenUpdate: (token) => {
          this.token = token;
        },
      },
      httpClientOptions: { retryConfig: { maxNumberOfRetries: 2 } },
      ...(apiUrl ? { unstable_httpClientOptions: { adapter: addressAdapter(apiUrl) } } : {}),
    });
  }

  /** A JSON call to PayPal's REST API with the shared token; answers the parsed body (undefined for 204). */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const token = await this.accessToken();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    if (!response.ok) throw new PayPalApiError(response.status, text);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async accessToken(): Promise<string> {
    this.token = await this.sdk.clientCredentialsAuthManager.updateToken(this.token);
    return this.token.accessToken;
  }
}

/** PayPal refused a call or answered something else than success. */
export class PayPalApiError extends Error {
  override name = 'PayPalApiError';
  readonly status: number;
  constructor(status: number, body: string) {
    super(`PayPal answered ${status}: ${body.slice(0, 500)}`);
    this.status = status;
  }
}

/** Whether an error is PayPal's refusal or silence (the SDK's, axios's under it, or fetch's). */
export function isPayPalError(error: unknown): boolean {
  if (error instanceof PayPalApiError || error instanceof ApiError || axios.isAxiosError(error)) return true;
  // fetch fails with a TypeError when the address cannot be reached, and times out with a DOMException.
  return (
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}
