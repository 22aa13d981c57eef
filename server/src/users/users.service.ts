import { randomBytes } from 'node:crypto';
import { MIN_PASSWORD_LENGTH } from '@kosh/contracts';
import { hashPassword } from '../auth/password.ts';
import type { RolesRepository } from '../auth/roles.repository.ts';
import { conflict, notFound, validation } from '../http/app-error.ts';
import { now } from '../db/database.ts';
import type { UsersRepository, UserRow } from './users.repository.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A readable random password for generated logins. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');

export class UsersService {
  private readonly users: UsersRepository;
  private readonly roles: RolesRepository;
  constructor(users: UsersRepository, roles: RolesRepository) {
    this.users = users;
    this.roles = roles;
  }

  /** Creates a user with the default role, or the admin role; the address must be free. */
  async createUser(input: {
    email: string;
    password: string;
    isAdmin?: boolean;
    verified?: boolean;
  }): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) throw validation({ email: ['The email must be a valid email address.'] });
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw validation({ password: [`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`] });
    }
    if (await this.users.getByEmail(email)) throw conflict('The email has already been taken.');
    const at = now();
    const user = await this.users.create({
      email,
      password: await hashPassword(input.password),
      email_verified_at: input.verified ? at : null,
      created_at: at,
      updated_at: at,
    });
    const role = input.isAdmin ? await this.roles.getByName('admin') : await this.roles.getDefaultRole();
    if (role) await this.roles.assignRole(user.id, role.id, at);
    return user;
  }

  async resetPassword(email: string, password: string): Promise<void> {
    const user = await this.users.getByEmail(email.trim());
    if (!user) throw notFound(`No user with the email ${email}.`);
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw validation({ password: [`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`] });
    }
    await this.users.update(user.id, { password: await hashPassword(password), updated_at: now() });
  }
}
