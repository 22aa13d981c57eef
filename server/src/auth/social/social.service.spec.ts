import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeSettings } from '../../testing/fakes/settings.fake.ts';
import { userRow } from '../../testing/fakes/rows.ts';
import { FakeUsers } from '../../testing/fakes/users.fake.ts';
import { TestClock } from '../../testing/test-clock.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { UsersService } from '../../users/users.service.ts';
import { Actor } from '../actor.ts';
import { KeyRing } from '../key-ring.ts';
import { hashPassword } from '../password.ts';
import type { SessionService } from '../session.service.ts';
import type { Flow, OAuthClient, ProviderConfig, ProviderProfile } from './oauth-client.ts';
import type { SocialProfileRow, SocialProfilesRepository } from './social-profiles.repository.ts';
import { SOCIAL_FLOW_SECONDS, SocialService } from './social.service.ts';

type Context = Parameters<SocialService['begin']>[3];
const ctx: Context = { ip: '127.0.0.1', userAgent: undefined, sessionId: null, baseUrl: 'https://kosh.test' };
const CALLBACK = 'code=abc&state=s1';
// Hashed once: argon2id is slow on purpose.
const ANN_HASH = await hashPassword('ann password');

const guest = new Actor(null, [3], []);
const ann = new Actor({ id: 1, email: 'ann@x.test' }, [2], []);
const bob = new Actor({ id: 2, email: 'bob@x.test' }, [2], []);

class FakeProfiles implements Pick<SocialProfilesRepository, 'getByServiceId' | 'link' | 'unlink'> {
  rows: SocialProfileRow[] = [];
  private nextId = 1;
  async getByServiceId(service: string, userServiceId: string): Promise<SocialProfileRow | undefined> {
    return this.rows.find((r) => r.service_name === service && r.user_service_id === userServiceId);
  }
  async link(row: Parameters<SocialProfilesRepository['link']>[0]): Promise<void> {
    const { at, ...profile } = row;
    this.rows = this.rows.filter((r) => !(r.user_id === row.user_id && r.service_name === row.service_name));
    this.rows.push({ id: this.nextId++, ...profile, created_at: at, updated_at: at });
  }
  async unlink(userId: number, service: string): Promise<boolean> {
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => !(r.user_id === userId && r.service_name === service));
    return this.rows.length < before;
  }
}

/** A provider that sends back `profile` (or fails) for any code. */
class FakeOAuth implements OAuthClient {
  profile: ProviderProfile = { id: 'g-1', email: 'new@x.test', emailVerified: true, username: 'newbie' };
  fetched = 0;
  newFlow(): Flow {
    return { state: 's1', codeVerifier: 'v1' };
  }
  async authorizationUrl(provider: ProviderConfig, redirectUri: string, flow: Flow): Promise<string> {
    return `${provider.authorizeUrl}?redirect_uri=${encodeURIComponent(redirectUri)}&state=${flow.state}`;
  }
  async fetchProfile(): Promise<ProviderProfile> {
    this.fetched++;
    return this.profile;
  }
}

class FakeSessions implements Pick<SessionService, 'start'> {
  readonly started: number[] = [];
  async start(userId: number): Promise<{ token: string; id: string }> {
    this.started.push(userId);
    return { token: `token-${userId}`, id: `session-${userId}` };
  }
}

/** Creates accounts in the users fake, remembering whether each address was taken as verified. */
class FakeAccounts implements Pick<UsersService, 'createUser'> {
  readonly users: FakeUsers;
  readonly created: Array<{ email: string; verified: boolean | undefined }> = [];
  constructor(users: FakeUsers) {
    this.users = users;
  }
  async createUser(input: { email: string; password: string; verified?: boolean }): Promise<UserRow> {
    this.created.push({ email: input.email, verified: input.verified });
    const row = userRow({ id: 100 + this.created.length, email: input.email, email_verified_at: null });
    this.users.rows.push(row);
    return row;
  }
}

function setUp() {
  const clock = new TestClock();
  const settings = new FakeSettings({
    'social.google.enable': true,
    'social.google.client_id': 'google-client',
    'social.facebook.enable': true,
    'social.facebook.client_id': 'facebook-client',
  });
  const users = new FakeUsers([
    userRow({ id: 1, email: 'ann@x.test', password: ANN_HASH }),
    userRow({ id: 2, email: 'bob@x.test' }),
    userRow({ id: 3, email: 'zed@x.test', two_factor_secret: 'sealed', two_factor_confirmed_at: clock.iso() }),
  ]);
  const accounts = new FakeAccounts(users);
  const profiles = new FakeProfiles();
  const sessions = new FakeSessions();
  const oauth = new FakeOAuth();
  const verifiedSignUps: number[] = [];
  const sut = new SocialService({
    settings,
    users,
    usersService: accounts,
    profiles,
    sessions,
    keys: new KeyRing(async () => 'unit-test-app-key', clock.now),
    throttle: { attempt: async () => ({ succeeded: async () => undefined }) },
    oauth,
    logger: pino({ level: 'silent' }),
    onVerifiedSignUp: async (user) => verifiedSignUps.push(user.id),
    clock: clock.now,
  });
  /** The state cookie of a sign-in begun by `actor`. */
  const stateOf = async (
    actor: Actor,
    mode: 'login' | 'connect' = 'login',
    service: 'google' | 'facebook' = 'google',
  ) => (await sut.begin(actor, service, mode, ctx)).state;
  return { sut, clock, settings, users, accounts, profiles, sessions, oauth, verifiedSignUps, stateOf };
}

describe('SocialService', () => {
  describe('begin', () => {
    it('sends the popup to the provider with the callback address', async () => {
      const { sut } = setUp();
      const { url } = await sut.begin(guest, 'google', 'login', ctx);
      expect(url).toContain(encodeURIComponent('https://kosh.test/secure/auth/social/google/callback'));
    });

    it('refuses a provider that is turned off', async () => {
      const { sut } = setUp();
      await expect(sut.begin(guest, 'twitter', 'login', ctx)).rejects.toMatchObject({ status: 403 });
    });

    it('asks a visitor to sign in before connecting an account', async () => {
      const { sut } = setUp();
      await expect(sut.begin(guest, 'google', 'connect', ctx)).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('complete: state checks', () => {
    it(`refuses a state cookie older than ${SOCIAL_FLOW_SECONDS} seconds, before asking the provider`, async () => {
      const { sut, clock, oauth, stateOf } = setUp();
      const state = await stateOf(guest);
      clock.advance(SOCIAL_FLOW_SECONDS * 1000 + 1);
      await expect(sut.complete(guest, 'google', CALLBACK, state, ctx)).resolves.toEqual({
        status: 'ERROR',
        message: 'Your sign-in attempt expired. Please try again.',
      });
      expect(oauth.fetched).toBe(0);
    });

    it('refuses a state made for another provider', async () => {
      const { sut, stateOf } = setUp();
      const state = await stateOf(guest, 'login', 'facebook');
      await expect(sut.complete(guest, 'google', CALLBACK, state, ctx)).resolves.toMatchObject({ status: 'ERROR' });
    });

    it('refuses a missing or forged state cookie', async () => {
      const { sut, stateOf } = setUp();
      const [body] = (await stateOf(guest)).split('.');
      for (const cookie of [undefined, `${body}.forged`])
        await expect(sut.complete(guest, 'google', CALLBACK, cookie, ctx)).resolves.toMatchObject({ status: 'ERROR' });
    });

    it('reports a sign-in cancelled at the provider', async () => {
      const { sut, stateOf } = setUp();
      const state = await stateOf(guest);
      await expect(sut.complete(guest, 'google', 'error=access_denied', state, ctx)).resolves.toEqual({
        status: 'ERROR',
        message: 'Google sign-in was cancelled.',
      });
    });
  });

  describe('complete: sign in', () => {
    it('signs in the user the profile is linked to', async () => {
      const { sut, profiles, sessions, stateOf } = setUp();
      await profiles.link({
        user_id: 2,
        service_name: 'google',
        user_service_id: 'g-1',
        username: null,
        email: null,
        at: '',
      });
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(outcome).toMatchObject({ status: 'SUCCESS', userId: 2, session: { id: 'session-2' } });
      expect(sessions.started).toEqual([2]);
    });

    it('refuses a linked account that uses two-factor authentication', async () => {
      const { sut, profiles, sessions, stateOf } = setUp();
      await profiles.link({
        user_id: 3,
        service_name: 'google',
        user_service_id: 'g-1',
        username: null,
        email: null,
        at: '',
      });
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(outcome).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/two factor/) });
      expect(sessions.started).toEqual([]);
    });

    it('answers ALREADY_LOGGED_IN to a signed-in user signing in again', async () => {
      const { sut, stateOf } = setUp();
      const outcome = await sut.complete(ann, 'google', CALLBACK, await stateOf(ann), ctx);
      expect(outcome).toEqual({ status: 'ALREADY_LOGGED_IN' });
    });

    it('asks for the password of the account that has the address, linking nothing yet', async () => {
      const { sut, oauth, profiles, sessions, accounts, stateOf } = setUp();
      oauth.profile = { id: 'g-1', email: 'ann@x.test', emailVerified: true, username: 'ann' };
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(outcome).toMatchObject({ status: 'REQUEST_PASSWORD', pending: expect.any(String) });
      expect(profiles.rows).toEqual([]);
      expect(sessions.started).toEqual([]);
      expect(accounts.created).toEqual([]);
    });

    it('creates a verified account for an address the provider vouches for and applies its invitations', async () => {
      const { sut, accounts, profiles, sessions, verifiedSignUps, clock, stateOf } = setUp();
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(accounts.created).toEqual([{ email: 'new@x.test', verified: true }]);
      expect(outcome).toMatchObject({ status: 'SUCCESS', userId: 101 });
      expect(verifiedSignUps).toEqual([101]);
      expect(sessions.started).toEqual([101]);
      expect(profiles.rows).toMatchObject([{ user_id: 101, service_name: 'google', user_service_id: 'g-1' }]);
      expect(profiles.rows[0].created_at).toBe(clock.iso());
    });

    it('creates an unverified account when the provider does not vouch for the address', async () => {
      const { sut, oauth, accounts, verifiedSignUps, stateOf } = setUp();
      oauth.profile = { ...oauth.profile, emailVerified: false };
      await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(accounts.created).toEqual([{ email: 'new@x.test', verified: false }]);
      expect(verifiedSignUps).toEqual([]);
    });

    it('creates no account while registration is disabled', async () => {
      const { sut, settings, accounts, stateOf } = setUp();
      settings.set('registration.disable', true);
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(outcome).toEqual({ status: 'ERROR', message: 'Registration is disabled.' });
      expect(accounts.created).toEqual([]);
    });

    it('creates no account for a profile without an email address', async () => {
      const { sut, oauth, accounts, stateOf } = setUp();
      oauth.profile = { ...oauth.profile, email: null };
      const outcome = await sut.complete(guest, 'google', CALLBACK, await stateOf(guest), ctx);
      expect(outcome).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/did not share an email/) });
      expect(accounts.created).toEqual([]);
    });
  });

  describe('complete: connect', () => {
    it('links the profile to the user who opened the popup', async () => {
      const { sut, profiles, sessions, stateOf } = setUp();
      const outcome = await sut.complete(ann, 'google', CALLBACK, await stateOf(ann, 'connect'), ctx);
      expect(outcome).toEqual({ status: 'SUCCESS', userId: 1, session: null });
      expect(profiles.rows).toMatchObject([{ user_id: 1, user_service_id: 'g-1' }]);
      expect(sessions.started).toEqual([]);
    });

    it('refuses when another user comes back from the popup', async () => {
      const { sut, profiles, stateOf } = setUp();
      const outcome = await sut.complete(bob, 'google', CALLBACK, await stateOf(ann, 'connect'), ctx);
      expect(outcome).toMatchObject({ status: 'ERROR' });
      expect(profiles.rows).toEqual([]);
    });

    it('refuses a profile already connected to another user', async () => {
      const { sut, profiles, stateOf } = setUp();
      await profiles.link({
        user_id: 2,
        service_name: 'google',
        user_service_id: 'g-1',
        username: null,
        email: null,
        at: '',
      });
      const outcome = await sut.complete(ann, 'google', CALLBACK, await stateOf(ann, 'connect'), ctx);
      expect(outcome).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/another user/) });
      expect(profiles.rows).toMatchObject([{ user_id: 2 }]);
    });
  });

  describe('connectWithPassword', () => {
    /** The pending cookie of a sign-in whose address belongs to an existing account. */
    async function pendingFor(env: ReturnType<typeof setUp>, email: string): Promise<string> {
      env.oauth.profile = { id: 'g-1', email, emailVerified: true, username: null };
      const outcome = await env.sut.complete(guest, 'google', CALLBACK, await env.stateOf(guest), ctx);
      if (outcome.status !== 'REQUEST_PASSWORD') throw new Error(`expected REQUEST_PASSWORD, got ${outcome.status}`);
      return outcome.pending;
    }

    it('links the profile and signs in once the password is right', async () => {
      const env = setUp();
      const pending = await pendingFor(env, 'ann@x.test');
      await expect(env.sut.connectWithPassword(pending, 'ann password', ctx)).resolves.toMatchObject({ userId: 1 });
      expect(env.profiles.rows).toMatchObject([{ user_id: 1, user_service_id: 'g-1' }]);
      expect(env.sessions.started).toEqual([1]);
    });

    it('refuses a wrong password and links nothing', async () => {
      const env = setUp();
      const pending = await pendingFor(env, 'ann@x.test');
      await expect(env.sut.connectWithPassword(pending, 'guess', ctx)).rejects.toMatchObject({ status: 422 });
      expect(env.profiles.rows).toEqual([]);
    });

    it(`refuses a pending cookie older than ${SOCIAL_FLOW_SECONDS} seconds`, async () => {
      const env = setUp();
      const pending = await pendingFor(env, 'ann@x.test');
      env.clock.advance(SOCIAL_FLOW_SECONDS * 1000 + 1);
      await expect(env.sut.connectWithPassword(pending, 'ann password', ctx)).rejects.toMatchObject({ status: 401 });
    });
  });
});
