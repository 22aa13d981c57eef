import type { RegisterUserBody } from '@kosh/contracts';
import { forbidden, validation } from '../http/app-error.ts';
import type { RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import { NOT_HUMAN } from '../recaptcha/recaptcha.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { BLOCKED_DOMAIN_MESSAGE, isBlockedDomain } from './blocked-domains.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import type { EmailVerificationService } from './email-verification.service.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SessionService } from './session.service.ts';

/**
 * Whether an invitation lets this address register while registration is disabled
 * (spec part 1, 6). Workspace invitations answer it once workspaces exist; until then none does.
 */
export interface InviteLookup {
  allowsRegistration(invite: {
    type: string | undefined;
    id: string | number | undefined;
    email: string;
  }): Promise<boolean>;
}
export const NO_INVITES: InviteLookup = { allowsRegistration: async () => false };

type Policy = { id: string; label: string };
export type Registered = {
  user: UserRow;
  session: { token: string; id: string };
  status: 'success' | 'needs_email_verification';
};

type Deps = {
  users: UsersRepository;
  usersService: UsersService;
  settings: SettingsService;
  sessions: SessionService;
  emailVerification: EmailVerificationService;
  recaptcha: RecaptchaService;
  invites: InviteLookup;
  /**
   * Runs once the account exists: invitations apply to it when the invite it carries proves the
   * address (registering alone does not, even where verification is off). Must not throw.
   */
  onRegistered?: (
    user: UserRow,
    invite: { type: string | undefined; id: string | number | undefined },
  ) => Promise<unknown>;
};

/** Registration (spec part 1, 2.4, 3 "Registration payload", 5 and 6). */
export class RegistrationService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async register(body: RegisterUserBody, ctx: RequestContext, humanNonce: string | undefined): Promise<Registered> {
    const { settings } = this.deps;
    if (await settings.get<boolean>('registration.disable')) {
      const invited =
        body.invite_id !== undefined &&
        (await this.deps.invites.allowsRegistration({ type: body.invite_type, id: body.invite_id, email: body.email }));
      if (!invited) throw forbidden('Registration is disabled.');
    }
    const errors: Record<string, string[]> = {};
    for (const policy of await settings.get<Policy[]>('registration.policies')) {
      const accepted = body[policy.id];
      if (accepted !== true && accepted !== 'true' && accepted !== 1)
        errors[policy.id] = [`You must accept the ${policy.label}.`];
    }
    if (isBlockedDomain(body.email, await settings.get<string[]>('auth.domain_blacklist')))
      errors.email = [BLOCKED_DOMAIN_MESSAGE];
    else if (await this.deps.users.getByEmail(body.email)) errors.email = ['The email has already been taken.'];
    if (Object.keys(errors).length) throw validation(errors);
    // Spent last, so a form with a mistake does not cost the visitor a new check.
    if (await this.deps.recaptcha.isRequiredFor('register')) {
      const human = await this.deps.recaptcha.spend({
        nonce: humanNonce,
        token: body.recaptcha_token,
        remoteIp: ctx.ip,
      });
      if (!human) throw forbidden(NOT_HUMAN);
    }

    const needsVerification = await settings.get<boolean>('require_email_confirmation');
    const created = await this.deps.usersService.createUser({ email: body.email, password: body.password });
    const names = { first_name: body.first_name || null, last_name: body.last_name || null };
    if (names.first_name || names.last_name) await this.deps.users.update(created.id, names);
    const user = (await this.deps.users.getById(created.id)) ?? created;
    await this.deps.onRegistered?.(user, { type: body.invite_type, id: body.invite_id });
    if (needsVerification) await this.deps.emailVerification.sendCodeInBackground(user);
    return {
      user,
      session: await this.deps.sessions.start(user.id, ctx, false),
      status: needsVerification ? 'needs_email_verification' : 'success',
    };
  }
}
