// npm test = node scripts/test.ts [LEG ...] [-- VITEST_ARGS ...]
//
// Runs the test legs in order, each a `vitest run --project X` (or, for checks, a list of
// commands), streams their output, counts each leg from vitest's JSON report and ends with
// the one line `N passed, N failed` (exit code 1 when anything failed). Legs:
//   checks                the typecheck of contracts, server, web and scripts+bench, `biome ci` (lint and
//                         format) and the line-width check: each command counts as one test
//   unit                  vitest project unit
//   integration:sqlite    project integration, KOSH_TEST_DB=sqlite
//   integration:postgres  project integration, KOSH_TEST_DB=postgres against a throwaway
//                         cluster from scripts/pg-start.sh (KOSH_TEST_PG_URL), stopped after
//   e2e                   project e2e, in /usr/bin/chromium
// `integration` selects both integration legs. Arguments after `--` go to every vitest
// run (a file filter, -t NAME ...). A leg whose vitest crashes or writes no report
// counts as 1 failed test.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Leg {
  name: string;
  project: string;
  // commands run instead of vitest, each counted as one test (passed when it exits 0)
  commands?: Array<{ name: string; args: string[] }>;
  // prepares the leg: extra environment, or a reason it cannot run
  setUp?: () => Promise<{ env: Record<string, string | undefined> } | { error: string }>;
  tearDown?: () => Promise<void>;
}

interface LegResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
}

// the part of vitest's JSON report read here
interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

const root = join(import.meta.dirname, '..');
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const chromium = '/usr/bin/chromium';

let child: ChildProcess | undefined;
let interrupted: NodeJS.Signals | undefined;
let pgDir: string | undefined;

const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const legs: Leg[] = [
  {
    name: 'checks',
    project: 'checks',
    commands: [
      ...['contracts', 'server', 'web', 'scripts'].map((dir) => ({
        name: `typecheck ${dir}`,
        args: [bin('typescript', 'bin/tsc'), '-p', dir],
      })),
      {
        name: 'lint and format (biome ci)',
        args: [bin('@biomejs/biome', 'bin/biome'), 'ci', '--error-on-warnings', '.'],
      },
      { name: 'line width', args: [join(root, 'scripts', 'check-line-width.ts')] },
    ],
  },
  { name: 'unit', project: 'unit' },
  {
    name: 'integration:sqlite',
    project: 'integration',
    setUp: async () => ({ env: { KOSH_TEST_DB: 'sqlite', KOSH_TEST_PG_URL: undefined } }),
  },
  { name: 'integration:postgres', project: 'integration', setUp: startPostgres, tearDown: stopPostgres },
  {
    name: 'e2e',
    project: 'e2e',
    setUp: async () =>
      existsSync(chromium)
        ? { env: {} }
        : { error: `${chromium} not found: install Debian's Chromium (apt-get install chromium)` },
  },
];

function parseArgs(argv: string[]): { selected: Leg[]; vitestArgs: string[] } {
  const dash = argv.indexOf('--');
  const names = dash === -1 ? argv : argv.slice(0, dash);
  const vitestArgs = dash === -1 ? [] : argv.slice(dash + 1);
  if (names.length === 0) return { selected: legs, vitestArgs };
  const wanted = new Set<string>();
  for (const name of names) {
    const matches = legs.filter((leg) => leg.name === name || leg.project === name);
    if (matches.length === 0) {
      console.error(
        `unknown leg '${name}'; legs: ${legs.map((leg) => leg.name).join(' ')} (integration = both integration legs)`,
      );
      console.log('0 passed, 1 failed');
      process.exit(2);
    }
    for (const leg of matches) wanted.add(leg.name);
  }
  return { selected: legs.filter((leg) => wanted.has(leg.name)), vitestArgs };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, stdout: 'inherit' | 'pipe') {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => {
    let out = '';
    child = spawn(command, args, { cwd: root, env, stdio: ['inherit', stdout, 'inherit'] });
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      child = undefined;
      resolve({ code, signal, out });
    });
  });
}

async function startPostgres(): Promise<{ env: Record<string, string> } | { error: string }> {
  const { code, out } = await run('bash', [join(root, 'scripts', 'pg-start.sh')], process.env, 'pipe');
  const value = (key: string) => out.match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1];
  pgDir = value('PG_DIR');
  const url = value('KOSH_TEST_PG_URL');
  if (code !== 0 || !url) {
    return {
      error: "PostgreSQL did not start (see above); it needs Debian's postgresql package (apt-get install postgresql)",
    };
  }
  return { env: { KOSH_TEST_DB: 'postgres', KOSH_TEST_PG_URL: url } };
}

async function stopPostgres(): Promise<void> {
  if (!pgDir) return;
  const dir = pgDir;
  pgDir = undefined;
  await run('bash', [join(root, 'scripts', 'pg-stop.sh'), dir], process.env, 'inherit');
}

function readReport(file: string): JsonReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch {
    return undefined;
  }
}

async function runLeg(leg: Leg, vitestArgs: string[], reportDir: string): Promise<LegResult> {
  const started = performance.now();
  const result = (passed: number, failed: number, note?: string): LegResult => ({
    name: leg.name,
    passed,
    failed,
    note,
    seconds: (performance.now() - started) / 1000,
  });
  if (leg.commands) return runCommands(leg, result);
  console.log(`\n=== ${leg.name}: vitest run --project ${leg.project} ${vitestArgs.join(' ')}`.trimEnd());
  try {
    const prepared = leg.setUp ? await leg.setUp() : { env: {} };
    if ('error' in prepared) return result(0, 1, prepared.error);
    if (interrupted) return result(0, 1, `interrupted by ${interrupted}`);

    const reportFile = join(reportDir, `${leg.name.replace(/\W/g, '-')}.json`);
    const args = [
      vitestBin,
      'run',
      '--project',
      leg.project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...vitestArgs,
    ];
    const env = { ...process.env, ...prepared.env };
    for (const [key, value] of Object.entries(prepared.env)) if (value === undefined) delete env[key];
    const { code, signal } = await run(process.execPath, args, env, 'inherit');
    const exit = signal ? `signal ${signal}` : `code ${code}`;

    const report = readReport(reportFile);
    if (!report) return result(0, 1, `vitest wrote no report (exited with ${exit})`);
    // files that failed outside any test (import error, failing hook) have no test results
    const brokenFiles = report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    );
    let failed = report.numFailedTests + brokenFiles.length;
    let note = brokenFiles.length ? `${brokenFiles.length} file(s) failed to run` : undefined;
    // A test that failed and then passed on its retry (vitest.config.ts) counts as passed; it is
    // named here so flaky tests stay visible and get fixed.
    const flaky = report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((t) => t.status === 'passed' && t.failureMessages.length > 0)
        .map((t) => ({ name: `${relative(root, file.name)} > ${t.fullName}`, failure: t.failureMessages[0] })),
    );
    if (flaky.length) {
      console.log(`\n=== ${leg.name}: ${flaky.length} passed only on a retry:`);
      // Vitest's own report does not show a retried test's first failure: its opening lines are the clue.
      for (const { name, failure } of flaky) {
        console.log(`  ${name}`);
        const lines = failure.split('\n').filter((line) => !line.includes('/node_modules/'));
        for (const line of lines.slice(0, 6)) console.log(`      ${line}`);
      }
      note = [note, `${flaky.length} passed on a retry`].filter(Boolean).join('; ');
    }
    if (failed === 0 && (code !== 0 || !report.success)) {
      failed = 1;
      note = `vitest exited with ${exit} (unhandled error?)`;
    }
    return result(report.numPassedTests, failed, note);
  } finally {
    await leg.tearDown?.();
  }
}

async function runCommands(
  leg: Leg,
  result: (passed: number, failed: number, note?: string) => LegResult,
): Promise<LegResult> {
  const failures: string[] = [];
  let passed = 0;
  for (const command of leg.commands ?? []) {
    if (interrupted) {
      failures.push(`${command.name}: interrupted by ${interrupted}`);
      continue;
    }
    console.log(`\n=== ${leg.name}: ${command.name}`);
    const started = performance.now();
    const { code, signal } = await run(process.execPath, command.args, process.env, 'inherit');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (code === 0) {
      passed++;
      console.log(`=== ${command.name}: passed in ${seconds}s`);
    } else {
      failures.push(command.name);
      console.log(`=== ${command.name}: FAILED (${signal ? `signal ${signal}` : `exit code ${code}`}) in ${seconds}s`);
    }
  }
  return result(passed, failures.length, failures.length ? `failed: ${failures.join('; ')}` : undefined);
}

function onSignal(signal: NodeJS.Signals) {
  if (interrupted) {
    child?.kill('SIGKILL');
    return;
  }
  interrupted = signal;
  console.error(`\n${signal}: stopping after the current step`);
  child?.kill(signal);
}

async function main(): Promise<number> {
  const { selected, vitestArgs } = parseArgs(process.argv.slice(2));
  if (!existsSync(vitestBin)) {
    console.error(`${vitestBin} not found: run npm ci first`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

  const reportDir = mkdtempSync(join(tmpdir(), 'kosh-test-'));
  const results: LegResult[] = [];
  try {
    for (const leg of selected) {
      if (interrupted) {
        results.push({
          name: leg.name,
          passed: 0,
          failed: 1,
          seconds: 0,
          note: `not run: interrupted by ${interrupted}`,
        });
        continue;
      }
      let res: LegResult;
      try {
        res = await runLeg(leg, vitestArgs, reportDir);
      } catch (error) {
        res = { name: leg.name, passed: 0, failed: 1, seconds: 0, note: `crashed: ${(error as Error).stack ?? error}` };
      }
      results.push(res);
      console.log(`=== ${formatLeg(res)}`);
    }
  } finally {
    await stopPostgres();
    rmSync(reportDir, { recursive: true, force: true });
  }

  const passed = results.reduce((sum, res) => sum + res.passed, 0);
  const failed = results.reduce((sum, res) => sum + res.failed, 0);
  console.log('\n=== summary');
  for (const res of results) console.log(formatLeg(res));
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

function formatLeg(res: LegResult): string {
  const counts = `${res.passed} passed, ${res.failed} failed`;
  const note = res.note ? `  ${res.note}` : '';
  return `${res.name.padEnd(22)}${counts.padEnd(24)}${res.seconds.toFixed(1).padStart(6)}s${note}`;
}

process.exitCode = await main();
