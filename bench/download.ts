// Download throughput and memory (DESIGN.md budgets): 1 GiB through Kosh vs nginx (sendfile)
// serving the same file over loopback (>= 0.5), through nginx with X-Accel-Redirect (>= 0.9),
// and the server's RSS while a 5 GiB file streams out (< 200 MB). Client: curl to /dev/null.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { newObjectKey } from '../server/src/storage/keys.ts';
import type { Modules } from '../server/src/modules.ts';
import { ensureAdmin } from '../server/src/runtime.ts';
import { benchUser, freePort, median, openBenchRuntime, repoRoot, tempDir, waitForPort, type Figure } from './lib.ts';

const run = promisify(execFile);
const GIB = 1024 ** 3;
const ROUNDS = 3;

/** A file entry whose bytes are written straight into the local driver's folder. */
async function addFile(
  modules: Modules,
  ownerId: number,
  name: string,
  size: number,
  sparse: boolean,
): Promise<{ hash: string; key: string }> {
  const key = newObjectKey('entries');
  const file = path.join(modules.config.dataDir, 'files', key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (sparse) {
    fs.closeSync(fs.openSync(file, 'w'));
    fs.truncateSync(file, size);
  } else {
    const fd = fs.openSync(file, 'w');
    const chunk = randomBytes(8 * 1024 * 1024);
    for (let written = 0; written < size; written += chunk.length)
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
    fs.closeSync(fd);
  }
  const at = new Date().toISOString();
  const row = await modules.drive.repos.entries.insert(
    {
      hash: randomBytes(12).toString('base64url'),
      name,
      file_name: key,
      mime: 'application/octet-stream',
      extension: 'bin',
      file_size: size,
      type: 'default',
      is_folder: 0,
      parent_id: null,
      owner_id: ownerId,
      workspace_id: null,
      created_at: at,
      updated_at: at,
    },
    null,
  );
  return { hash: row.hash, key };
}

/** curl's average speed in bytes/s for one GET, checking the byte count. */
async function curlSpeed(url: string, headers: string[], expectBytes: number): Promise<number> {
  const args = [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download} %{speed_download}',
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ];
  const { stdout } = await run('curl', args, { maxBuffer: 1 << 20 });
  const [code, size, speed] = stdout.trim().split(' ');
  if (code !== '200' || Number(size) !== expectBytes) throw new Error(`${url}: HTTP ${code}, ${size} bytes`);
  return Number(speed);
}

async function bestOf(fn: () => Promise<number>): Promise<number> {
  const speeds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) speeds.push(await fn());
  return median(speeds);
}

function startKosh(dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  // The same V8 flags as `npm start` (package.json): measure what users run.
  const child = spawn(process.execPath, ['--max-semi-space-size=8', path.join(repoRoot, 'server/src/main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function nginxConfig(dir: string, port: number, filesRoot: string, upstreamPort: number): string {
  return `
user root;
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location /static/ { alias ${filesRoot}/; }
    # The X-Accel-Redirect target: reachable only through an answer from Kosh.
    location /_kosh_files/ { internal; alias ${filesRoot}/; }
    location / { proxy_pass http://127.0.0.1:${upstreamPort}; proxy_buffering off; }
  }
}
`;
}

/** Peak RSS (MB) of a process while `work` runs, sampled every 50 ms. */
async function peakRss(pid: number, work: () => Promise<unknown>): Promise<{ before: number; peak: number }> {
  const rss = () => {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
  };
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { before, peak: Math.max(peak, rss()) };
}

export async function benchDownload(): Promise<Figure[]> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!nginx) throw new Error("nginx not found: install Debian's nginx (apt-get install nginx-light, or nginx)");
  const dir = tempDir('download');
  const dataDir = path.join(dir, 'data');
  const children: ChildProcess[] = [];
  try {
    const modules = await openBenchRuntime(dataDir);
    // Both servers share this data dir: the admin a first start creates must exist already.
    await ensureAdmin(modules);
    const user = await benchUser(modules);
    const one = await addFile(modules, user.id, 'one-gib.bin', GIB, false);
    const five = await addFile(modules, user.id, 'five-gib.bin', 5 * GIB, true);
    await modules.lifecycle.stop();

    const [plainPort, accelPort, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const plain = startKosh(dataDir, plainPort);
    await waitForPort(plainPort);
    const accel = startKosh(dataDir, accelPort, { X_ACCEL_REDIRECT_PREFIX: '/_kosh_files/' });
    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    fs.writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      nginxConfig(nginxDir, nginxPort, path.join(dataDir, 'files'), accelPort),
    );
    const web = spawn(nginx, ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(plain, accel, web);
    await Promise.all([waitForPort(plainPort), waitForPort(accelPort), waitForPort(nginxPort)]);

    const cookie = [`Cookie: ${user.cookie}`];
    const download = (port: number, hash: string) => `http://127.0.0.1:${port}/api/v1/file-entries/${hash}/download`;
    const nginxSpeed = await bestOf(() => curlSpeed(`http://127.0.0.1:${nginxPort}/static/${one.key}`, [], GIB));
    const koshSpeed = await bestOf(() => curlSpeed(download(plainPort, one.hash), cookie, GIB));
    const accelSpeed = await bestOf(() => curlSpeed(download(nginxPort, one.hash), cookie, GIB));
    const memory = await peakRss(plain.pid!, () => curlSpeed(download(plainPort, five.hash), cookie, 5 * GIB));

    const mbps = (b: number) => `${(b / 1024 ** 2).toFixed(0)} MiB/s`;
    process.stdout.write(
      `  nginx sendfile ${mbps(nginxSpeed)}, Kosh ${mbps(koshSpeed)}, ` +
        `nginx + X-Accel-Redirect ${mbps(accelSpeed)} (median of ${ROUNDS})\n`,
    );
    return [
      {
        name: '1 GiB download, Kosh / nginx sendfile',
        value: `${(koshSpeed / nginxSpeed).toFixed(2)} (${mbps(koshSpeed)} vs ${mbps(nginxSpeed)})`,
        budget: '>= 0.5',
        ok: koshSpeed / nginxSpeed >= 0.5,
      },
      {
        name: '1 GiB download, X-Accel-Redirect / nginx sendfile',
        value: `${(accelSpeed / nginxSpeed).toFixed(2)} (${mbps(accelSpeed)})`,
        budget: '>= 0.9',
        ok: accelSpeed / nginxSpeed >= 0.9,
      },
      {
        name: 'server RSS while 5 GiB streams out',
        value: `peak ${memory.peak.toFixed(0)} MB (idle ${memory.before.toFixed(0)} MB)`,
        budget: '< 200 MB',
        ok: memory.peak < 200,
      },
    ];
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
