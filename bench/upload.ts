// Upload throughput and memory (DESIGN.md budgets): 1 GiB through Kosh's tus endpoint to local
// disk over loopback, with one client for every server in the run (DESIGN.md: same client, same
// run; KOSH_BENCH_CLIENT=tus-js-client times the tus servers with the web app's client instead),
// against (a) a raw Node HTTP PUT that streams the same bytes to the same disk and fsyncs (>= 0.8,
// Kosh counted until the entry exists: its bytes are fsynced then) and (b) a bare @tus/server with
// its file store (>= 0.9, both counted until the last PATCH is answered). `dd conv=fsync` is
// printed as the disk's own figure. The Kosh server's RSS is sampled during its uploads (< 200 MB,
// flat).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import { ensureAdmin } from '../server/src/runtime.ts';
import { benchUser, freePort, median, openBenchRuntime, repoRoot, tempDir, waitForPort, type Figure } from './lib.ts';

const run = promisify(execFile);
const GIB = 1024 ** 3;
/**
 * Rounds of the three uploads, back to back. This disk's speed drifts by a third between minutes
 * (dd figures of 260 to 430 MiB/s in one hour), so ratios are the median of each round's own
 * ratio, taken seconds apart, rather than a ratio of medians from different minutes.
 */
const ROUNDS = 5;
const mibps = (bytes: number, ms: number) => bytes / 1024 ** 2 / (ms / 1000);
/**
 * tus PATCH size, the same for both tus servers: one request for the whole file by default, like
 * the raw PUT it is compared with (KOSH_BENCH_TUS_CHUNK=bytes measures the web app's chunking).
 */
const CHUNK = Number(process.env.KOSH_BENCH_TUS_CHUNK ?? Number.POSITIVE_INFINITY);

/** The raw anchor: PUT streams the body to a file and fsyncs it before answering. */
const RAW_PUT_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
const [port, dir] = process.argv.slice(-2);
let n = 0;
http.createServer(async (req, res) => {
  const file = dir + '/put-' + (n++);
  await pipeline(req, fs.createWriteStream(file, { flush: true, highWaterMark: 1024 * 1024 }));
  res.writeHead(201).end();
}).listen(Number(port), '127.0.0.1');
`;

/** The tus anchor: @tus/server with @tus/file-store and nothing else. */
const BARE_TUS_SERVER = `
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
const [port, dir] = process.argv.slice(-2);
new Server({ path: '/files', datastore: new FileStore({ directory: dir }) })
  .listen({ port: Number(port), host: '127.0.0.1' });
`;

function startScript(source: string, port: number, dir: string): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', source, '--', String(port), dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function tusOnce(
  file: string,
  endpoint: string,
  headers: Record<string, string>,
): Promise<{ url: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(fs.createReadStream(file), {
      endpoint,
      headers,
      chunkSize: CHUNK,
      retryDelays: null as unknown as number[],
      metadata: { name: 'bench.bin', clientMime: 'application/octet-stream' },
      onSuccess: () => resolve({ url: upload.url!, ms: performance.now() - start }),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * The one client of every comparison (DESIGN.md: same client, same run): Node's http streams the
 * file from disk in 1 MiB reads as the request body; the answer's status and headers come back.
 */
function streamRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  file: string | null,
  size: number,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { ...headers, 'content-length': String(file ? size : 0) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      },
    );
    req.on('error', reject);
    if (file) fs.createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
    else req.end();
  });
}

function rawPutOnce(file: string, port: number, size: number): Promise<number> {
  const start = performance.now();
  return streamRequest(`http://127.0.0.1:${port}/`, 'PUT', {}, file, size).then((res) => {
    if (res.statusCode !== 201) throw new Error(`PUT ${res.statusCode}`);
    return performance.now() - start;
  });
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A tus upload with that same client: the creation POST, then one PATCH streaming the whole file. */
async function tusStreamOnce(
  file: string,
  endpoint: string,
  headers: Record<string, string>,
  size: number,
): Promise<{ url: string; ms: number }> {
  const start = performance.now();
  const tusHeaders = { ...headers, 'tus-resumable': '1.0.0' };
  const created = await streamRequest(
    endpoint,
    'POST',
    {
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': `name ${b64('bench.bin')},clientMime ${b64('application/octet-stream')}`,
    },
    null,
    0,
  );
  if (created.statusCode !== 201 || !created.headers.location) throw new Error(`tus create ${created.statusCode}`);
  const url = new URL(created.headers.location, endpoint).toString();
  const patched = await streamRequest(
    url,
    'PATCH',
    { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    file,
    size,
  );
  if (patched.statusCode !== 204) throw new Error(`tus PATCH ${patched.statusCode}`);
  return { url, ms: performance.now() - start };
}

/**
 * The tus client timed: the shared streaming client, or tus-js-client (the web app's) with
 * KOSH_BENCH_CLIENT=tus-js-client.
 */
const WITH_TUS_JS = process.env.KOSH_BENCH_CLIENT === 'tus-js-client';
const tusUpload = (file: string, endpoint: string, headers: Record<string, string>) =>
  WITH_TUS_JS ? tusOnce(file, endpoint, headers) : tusStreamOnce(file, endpoint, headers, GIB);

/** Flushes dirty pages between rounds, so one round's writeback does not slow the next. */
async function settle(dirs: string[]): Promise<void> {
  for (const dir of dirs)
    for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  await run('sync');
}

/** Busy and total jiffies of the whole machine (/proc/stat), to tell how many cores an upload kept busy. */
function cpuTimes(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - fields[4], total };
}

/** Runs `work`, adding the cores it kept busy on average (0 to the machine's count) to `into`. */
async function busyCores<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const before = cpuTimes();
  const result = await work();
  const after = cpuTimes();
  into.push(((after.busy - before.busy) / (after.total - before.total)) * os.cpus().length);
  return result;
}

function rssOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

async function ddFigure(dir: string): Promise<number> {
  const { stderr } = await run('dd', [
    'if=/dev/zero',
    `of=${path.join(dir, 'dd.bin')}`,
    'bs=1M',
    'count=1024',
    'conv=fsync',
  ]);
  fs.rmSync(path.join(dir, 'dd.bin'));
  const m = /copied, ([\d.]+) s/.exec(stderr);
  if (!m) throw new Error(`dd: ${stderr}`);
  return mibps(GIB, Number(m[1]) * 1000);
}

export async function benchUpload(): Promise<Figure[]> {
  const dir = tempDir('upload');
  const dataDir = path.join(dir, 'data');
  const rawDir = path.join(dir, 'raw');
  const bareDir = path.join(dir, 'bare');
  fs.mkdirSync(rawDir);
  fs.mkdirSync(bareDir);
  const children: ChildProcess[] = [];
  try {
    const source = path.join(dir, 'source.bin');
    const fd = fs.openSync(source, 'w');
    const block = randomBytes(8 * 1024 * 1024);
    for (let written = 0; written < GIB; written += block.length) fs.writeSync(fd, block);
    fs.closeSync(fd);

    const modules = await openBenchRuntime(dataDir);
    await ensureAdmin(modules);
    const user = await benchUser(modules);
    await modules.lifecycle.stop();
    const xsrf = randomBytes(24).toString('base64url');
    const headers = { Cookie: `${user.cookie}; ${COOKIE.xsrf}=${xsrf}`, [XSRF_HEADER]: xsrf };

    const [koshPort, rawPort, barePort] = [await freePort(), await freePort(), await freePort()];
    const kosh = spawn(process.execPath, ['--max-semi-space-size=8', path.join(repoRoot, 'server/src/main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(koshPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(kosh, startScript(RAW_PUT_SERVER, rawPort, rawDir), startScript(BARE_TUS_SERVER, barePort, bareDir));
    await Promise.all([waitForPort(koshPort), waitForPort(rawPort), waitForPort(barePort)]);

    await new Promise((r) => setTimeout(r, 1000));
    const fresh = rssOf(kosh.pid!);
    const disk = await ddFigure(dir);
    const koshEndpoint = `http://127.0.0.1:${koshPort}/api/v1/tus/upload`;
    // Warm every server (lazy modules, first file, the page cache it writes into) before timing.
    await rawPutOnce(source, rawPort, GIB);
    await tusUpload(source, `http://127.0.0.1:${barePort}/files`, {});
    const warm = await tusUpload(source, koshEndpoint, headers);
    await finish(koshPort, headers, warm.url);
    const koshFiles = path.join(dataDir, 'files', 'entries');
    await settle([rawDir, bareDir, koshFiles]);

    const raw: number[] = [];
    const bare: number[] = [];
    const koshTus: number[] = [];
    const koshTotal: number[] = [];
    const idle = rssOf(kosh.pid!);
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, rssOf(kosh.pid!))), 50);
    const cores = { raw: [] as number[], bare: [] as number[], kosh: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      raw.push(await busyCores(cores.raw, () => rawPutOnce(source, rawPort, GIB)));
      await settle([rawDir]);
      bare.push((await busyCores(cores.bare, () => tusUpload(source, `http://127.0.0.1:${barePort}/files`, {}))).ms);
      await settle([bareDir]);
      const start = performance.now();
      await busyCores(cores.kosh, async () => {
        const done = await tusUpload(source, koshEndpoint, headers);
        koshTus.push(done.ms);
        await finish(koshPort, headers, done.url);
      });
      koshTotal.push(performance.now() - start);
      await settle([koshFiles]);
    }
    clearInterval(timer);

    const [rawS, bareS, tusS, totalS] = [raw, bare, koshTus, koshTotal].map((xs) => mibps(GIB, median(xs)));
    // Time ratios inverted: throughput of Kosh over throughput of the anchor, per round.
    const perRound = (anchor: number[], ours: number[]) => anchor.map((ms, i) => ms / ours[i]);
    const [rawRounds, bareRounds] = [perRound(raw, koshTotal), perRound(bare, koshTus)];
    const [vsRaw, vsBare, totalVsBare] = [median(rawRounds), median(bareRounds), median(perRound(bare, koshTotal))];
    const f = (x: number) => `${x.toFixed(0)} MiB/s`;
    const patchSize = Number.isFinite(CHUNK) ? `${(CHUNK / 1024 ** 2).toFixed(0)} MiB` : 'the whole file';
    const client = WITH_TUS_JS
      ? `tus-js-client for both tus servers (the raw PUT cannot use it), PATCH size ${patchSize}`
      : 'one Node http client for all three, streaming the file in 1 MiB reads ' +
        '(tus: creation POST, then one PATCH of the whole file)';
    process.stdout.write(`  client: ${client}\n`);
    process.stdout.write(
      `  dd conv=fsync ${f(disk)}; raw PUT + fsync ${f(rawS)}; bare @tus/server ${f(bareS)}; ` +
        `Kosh tus ${f(tusS)} (to the last PATCH), ${f(totalS)} (entry made, fsynced); median of ${ROUNDS} rounds\n`,
    );
    const busy = (samples: number[]) => median(samples).toFixed(2);
    process.stdout.write(
      `  busy cores of ${os.cpus().length} (median): ` +
        `raw PUT ${busy(cores.raw)}, bare tus ${busy(cores.bare)}, Kosh ${busy(cores.kosh)}\n`,
    );
    const each = (ratios: number[]) => ratios.map((r) => r.toFixed(2)).join(' ');
    process.stdout.write(
      `  ratios (median of the rounds' own): Kosh entry / raw PUT ${vsRaw.toFixed(2)} [${each(rawRounds)}], ` +
        `Kosh tus / bare tus ${vsBare.toFixed(2)} [${each(bareRounds)}], ` +
        `Kosh entry / bare tus ${totalVsBare.toFixed(2)}\n`,
    );
    return [
      { name: 'disk, dd conv=fsync (1 GiB)', value: f(disk), budget: '(reference)', ok: true },
      {
        name: '1 GiB tus upload, Kosh (entry made) / raw PUT + fsync',
        value: `${vsRaw.toFixed(2)} (${f(totalS)} vs ${f(rawS)})`,
        budget: '>= 0.8',
        ok: vsRaw >= 0.8,
      },
      {
        name: '1 GiB tus upload, Kosh / bare @tus/server + file store',
        value: `${vsBare.toFixed(2)} (${f(tusS)} vs ${f(bareS)})`,
        budget: '>= 0.9',
        ok: vsBare >= 0.9,
      },
      {
        name: 'server RSS during 1 GiB uploads',
        value: `peak ${peak.toFixed(0)} MB (at start ${fresh.toFixed(0)}, after warm-up ${idle.toFixed(0)})`,
        budget: '< 200 MB',
        ok: peak < 200,
      },
    ];
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function finish(port: number, headers: Record<string, string>, url: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/tus/entries`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadKey: url }),
  });
  if (res.status !== 201) throw new Error(`tus/entries: ${res.status} ${await res.text()}`);
}
