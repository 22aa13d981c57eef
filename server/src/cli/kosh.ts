import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { fsckCommand } from '../drive/fsck.command.ts';
import { createLogger } from '../logging/logger.ts';
import { openRuntime } from '../runtime.ts';
import { generatePassword } from '../users/users.service.ts';
import { isKnownSetting } from '../settings/settings.defaults.ts';
import type { Modules } from '../modules.ts';

/** The operator command line (`npm run kosh -- <command>`), on whichever database the environment names. */
async function withRuntime(work: (m: Modules) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const modules = await openRuntime(config, createLogger({ level: 'warn' }));
  try {
    await work(modules);
  } finally {
    // Nothing was started (no jobs, no listener): stopping closes the database.
    await modules.lifecycle.stop();
  }
}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const program = new Command('kosh').description('Kosh operator commands').exitOverride();

program
  .command('migrate')
  .description('apply pending migrations and seed missing defaults')
  .action(() => withRuntime(async (m) => out(`Database is up to date (${m.dialect}).`)));

program
  .command('settings:get')
  .argument('<key>', 'setting key, e.g. registration.disable')
  .description('print a setting as JSON')
  .action((key: string) => withRuntime(async (m) => out(JSON.stringify(await m.settings.service.get(key)))));

program
  .command('settings:set')
  .argument('<key>', 'setting key')
  .argument('<json>', 'the value as JSON, e.g. true or \'"text"\'')
  .description('set a setting to a JSON value')
  .action((key: string, json: string) => {
    if (!isKnownSetting(key)) throw new AppError(422, `Unknown setting: ${key}`);
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw new AppError(422, `Not valid JSON: ${json} (strings need quotes: '"text"')`);
    }
    return withRuntime(async (m) => {
      await m.settings.service.set(key, value);
      out(`${key} = ${JSON.stringify(value)}`);
    });
  });

program
  .command('users:create')
  .argument('<email>')
  .option('--admin', 'give the user the admin role')
  .option('--password <password>', 'the password (generated and printed when omitted)')
  .description('create a user')
  .action((email: string, opts: { admin?: boolean; password?: string }) =>
    withRuntime(async (m) => {
      const password = opts.password ?? generatePassword();
      const isAdmin = Boolean(opts.admin);
      const user = await m.users.service.createUser({ email, password, isAdmin, verified: true });
      const shown = opts.password ? '' : ` with password ${password}`;
      out(`Created ${opts.admin ? 'admin' : 'user'} ${user.email} (id ${user.id})${shown}`);
    }),
  );

program
  .command('users:reset-password')
  .argument('<email>')
  .option('--password <password>', 'the new password (generated and printed when omitted)')
  .description("set a user's password")
  .action((email: string, opts: { password?: string }) =>
    withRuntime(async (m) => {
      const password = opts.password ?? generatePassword();
      await m.users.service.resetPassword(email, password);
      out(`Password of ${email} reset${opts.password ? '' : ` to ${password}`}`);
    }),
  );

program
  .command('fsck')
  .option('--hashes', "also check every file's SHA-256 (reads all bytes)")
  .option('--repair', 'fix what can be fixed safely')
  .description('check that stored bytes, the folder tree and space usage are consistent')
  .action((opts: { hashes?: boolean; repair?: boolean }) =>
    withRuntime(async (m) => {
      process.exitCode = await fsckCommand(m.drive.fsck, opts, out);
    }),
  );

program
  .command('keys:rotate')
  .description(
    [
      're-encrypt two-factor secrets and secret settings under KOSH_SECRET_KEY (or DATA_DIR/secret.key);',
      'put the old key in KOSH_SECRET_KEY_PREVIOUS while rotating. Every start does the same.',
    ].join(' '),
  )
  .action(() =>
    withRuntime(async (m) => {
      // openRuntime has re-encrypted already; a second pass finds nothing left unless a value failed.
      const { unreadable } = await m.auth.twoFactor.reencryptSecrets();
      if (unreadable) {
        out(`${unreadable} users hold two-factor secrets no key opens: add the old key to KOSH_SECRET_KEY_PREVIOUS.`);
        process.exitCode = 1;
      } else out('Every two-factor secret is under the current key.');
      const settings = await m.settings.service.reencryptSecrets();
      if (settings.unreadable) {
        out(`${settings.unreadable} secret settings no key opens: add the old key to KOSH_SECRET_KEY_PREVIOUS.`);
        process.exitCode = 1;
      } else out('Every secret setting is under the current key.');
    }),
  );

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  const message =
    error instanceof AppError
      ? error.errors
        ? Object.values(error.errors).flat().join('\n')
        : error.message
      : error instanceof ConfigError
        ? error.message
        : String(error);
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
});
