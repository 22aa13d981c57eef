// npm run bench [-- --only=listing|bulk|report|admin|download|upload|web] [--pg] [--dialect=sqlite|postgres]
//   [--pages=link,admin] (web: only the pages whose name contains one of these)
// Prints each figure beside its DESIGN.md budget and exits 1 when one is missed.
// --pg also runs the listing/search and bulk benches on PostgreSQL: KOSH_BENCH_PG_URL, or a throwaway
// cluster from scripts/pg-start.sh.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchAdminLists } from './admin-lists.ts';
import { benchBulk } from './bulk.ts';
import { benchDownload } from './download.ts';
import { benchListing } from './listing.ts';
import { benchReport } from './report.ts';
import { benchUpload } from './upload.ts';
import { benchWeb } from './web.ts';
import { printFigures, repoRoot, type Figure } from './lib.ts';
import { deferPageReporting } from './page-reporting.ts';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const dialect = args.find((a) => a.startsWith('--dialect='))?.slice('--dialect='.length);
const withPg = dialect === 'postgres' || args.includes('--pg') || Boolean(process.env.KOSH_BENCH_PG_URL);
const withSqlite = dialect !== 'postgres';
const pages =
  args
    .find((a) => a.startsWith('--pages='))
    ?.slice('--pages='.length)
    .split(',') ?? [];

async function main(): Promise<void> {
  const reporting = deferPageReporting();
  process.stdout.write(`${reporting.note}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      reporting.restore();
      process.exit(130);
    });
  try {
    await runBenches();
  } finally {
    reporting.restore();
  }
}

async function runBenches(): Promise<void> {
  const figures: Figure[] = [];
  if (!only || only === 'listing') {
    if (withSqlite) {
      process.stdout.write('listing and search (SQLite)\n');
      figures.push(...(await benchListing({ label: 'SQLite' })));
    }
    if (withPg)
      figures.push(
        ...(await withPostgres('listing and search', (url) => benchListing({ databaseUrl: url, label: 'PostgreSQL' }))),
      );
  }
  if (!only || only === 'bulk') {
    if (withSqlite) {
      process.stdout.write('bulk actions on 100,000 selected entries (SQLite, local disk)\n');
      figures.push(...(await benchBulk({ label: 'SQLite' })));
    }
    if (withPg)
      figures.push(
        ...(await withPostgres('bulk actions', (url) => benchBulk({ databaseUrl: url, label: 'PostgreSQL' }))),
      );
  }
  if (!only || only === 'report') {
    if (withSqlite) {
      process.stdout.write('admin report over 100,000 users and 1,000,000 entries (SQLite)\n');
      figures.push(...(await benchReport({ label: 'SQLite' })));
    }
    if (withPg)
      figures.push(
        ...(await withPostgres('admin report', (url) => benchReport({ databaseUrl: url, label: 'PostgreSQL' }))),
      );
  }
  if (!only || only === 'admin') {
    if (withSqlite) {
      process.stdout.write('admin lists over 100,000 users and 1,000,000 entries (SQLite)\n');
      figures.push(...(await benchAdminLists({ label: 'SQLite' })));
    }
    if (withPg)
      figures.push(
        ...(await withPostgres('admin lists', (url) => benchAdminLists({ databaseUrl: url, label: 'PostgreSQL' }))),
      );
  }
  if (!only || only === 'download') {
    process.stdout.write('downloads (local disk, loopback)\n');
    figures.push(...(await benchDownload()));
  }
  if (!only || only === 'upload') {
    process.stdout.write('uploads (tus, local disk, loopback)\n');
    figures.push(...(await benchUpload()));
  }
  if (!only || only === 'web') {
    process.stdout.write('web pages (Lighthouse, mobile preset, Chromium)\n');
    figures.push(...(await benchWeb(pages)));
  }
  printFigures('Kosh drive benchmarks', figures);
  const missed = figures.filter((f) => !f.ok).length;
  process.stdout.write(`\n${figures.length - missed} within budget, ${missed} missed\n`);
  process.exitCode = missed ? 1 : 0;
}

async function withPostgres<T>(title: string, work: (url: string) => Promise<T>): Promise<T> {
  if (process.env.KOSH_BENCH_PG_URL) return work(process.env.KOSH_BENCH_PG_URL);
  process.stdout.write(`${title} (PostgreSQL, throwaway cluster)\n`);
  const out = execFileSync('bash', [path.join(repoRoot, 'scripts/pg-start.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split('=', 2) as [string, string]),
  );
  try {
    // A database of its own on the cluster, so the bench never touches another.
    const url = env.KOSH_TEST_PG_URL;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create database kosh_bench');
    await client.end();
    return await work(url.replace(/\/postgres$/, '/kosh_bench'));
  } finally {
    execFileSync('bash', [path.join(repoRoot, 'scripts/pg-stop.sh'), env.PG_DIR], { stdio: 'ignore' });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
