import * as oidc from 'openid-client';

export type ProviderConfig = {
  service: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string;
  issuer: string;
  /** How the client secret reaches the token endpoint; X (Twitter) wants HTTP Basic. */
  clientAuth: 'post' | 'basic';
};

export type ProviderProfile = {
  id: string;
  email: string | null;
  emailVerified: boolean | null;
  username: string | null;
};
export type Flow = { state: string; codeVerifier: string };

/** OAuth 2 authorization-code flow with PKCE; services depend on this, not on openid-client. */
export interface OAuthClient {
  newFlow(): Flow;
  authorizationUrl(provider: ProviderConfig, redirectUri: string, flow: Flow): Promise<string>;
  /** Exchanges the code the provider sent back and reads the account's profile. */
  fetchProfile(
    provider: ProviderConfig,
    redirectUri: string,
    callbackQuery: string,
    flow: Flow,
  ): Promise<ProviderProfile>;
}

const isLoopbackHttp = (url: string) => {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
};

/**
 * Profiles differ by provider: Google {sub, email, email_verified}, Facebook {id, email},
 * X {data: {id, username}}, Envato {username}. One reading covers them.
 */
export function readProfile(raw: unknown): ProviderProfile | null {
  if (!raw || typeof raw !== 'object') return null;
  const outer = raw as Record<string, unknown>;
  const inner = (
    typeof outer.data === 'object' && outer.data
      ? outer.data
      : typeof outer.account === 'object' && outer.account
        ? outer.account
        : {}
  ) as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const key of keys)
      for (const source of [outer, inner]) {
        const value = source[key];
        if ((typeof value === 'string' && value) || typeof value === 'number') return String(value);
      }
    return null;
  };
  const id = pick('sub', 'id', 'username');
  if (!id) return null;
  const verified = outer.email_verified ?? inner.email_verified;
  return {
    id,
    email: pick('email')?.toLowerCase() ?? null,
    emailVerified:
      typeof verified === 'boolean' ? verified : verified === 'true' ? true : verified === 'false' ? false : null,
    username: pick('username', 'preferred_username', 'screen_name', 'name', 'email'),
  };
}

export class OpenIdOAuthClient implements OAuthClient {
  newFlow(): Flow {
    return { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  async authorizationUrl(provider: ProviderConfig, redirectUri: string, flow: Flow): Promise<string> {
    const config = this.configure(provider);
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      state: flow.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (provider.scopes) parameters.scope = provider.scopes;
    return oidc.buildAuthorizationUrl(config, parameters).toString();
  }

  async fetchProfile(
    provider: ProviderConfig,
    redirectUri: string,
    callbackQuery: string,
    flow: Flow,
  ): Promise<ProviderProfile> {
    const config = this.configure(provider);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${callbackQuery}`), {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
    });
    const response = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(provider.userinfoUrl),
      'GET',
      null,
      new Headers({ accept: 'application/json' }),
    );
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const profile = readProfile(await response.json());
    if (!profile) throw new Error('userinfo carried no account id');
    return profile;
  }

  private configure(provider: ProviderConfig): oidc.Configuration {
    const auth =
      provider.clientAuth === 'basic'
        ? oidc.ClientSecretBasic(provider.clientSecret)
        : oidc.ClientSecretPost(provider.clientSecret);
    const config = new oidc.Configuration(
      { issuer: provider.issuer, authorization_endpoint: provider.authorizeUrl, token_endpoint: provider.tokenUrl },
      provider.clientId,
      { client_secret: provider.clientSecret },
      auth,
    );
    config.timeout = 10;
    // Plain http only for a provider on this machine (development and tests), never across a network.
    if (
      [provider.authorizeUrl, provider.tokenUrl, provider.userinfoUrl].every(
        (u) => isLoopbackHttp(u) || u.startsWith('https:'),
      )
    ) {
      if ([provider.tokenUrl, provider.userinfoUrl].some(isLoopbackHttp)) oidc.allowInsecureRequests(config);
    }
    return config;
  }
}
