import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../../src/app.ts';
import { startTestRuntime } from './test-app.ts';

// The app in a worker thread: a second server process whose database statements run truly
// alongside the test thread's (better-sqlite3 is synchronous, so two apps in one thread never
// interleave inside a transaction).
const modules = await startTestRuntime(workerData.config);
const app = await buildApp(modules);
await app.ready();
const kick = modules.drive.storageDeletions.kick;
parentPort?.on('message', async (message: { id: number; options?: object; close?: boolean; holdDrains?: boolean }) => {
  if (message.holdDrains !== undefined) {
    // A test counting queued storage deletions holds the drain after each answer.
    modules.drive.storageDeletions.kick = message.holdDrains ? () => undefined : kick;
    parentPort?.postMessage({ id: message.id });
    return;
  }
  if (message.close) {
    await app.close();
    await modules.lifecycle.stop();
    parentPort?.postMessage({ id: message.id });
    return;
  }
  const options = message.options as { payload?: unknown };
  // A Buffer arrives as a plain Uint8Array; inject would send that as JSON.
  if (options.payload instanceof Uint8Array) options.payload = Buffer.from(options.payload);
  const res = await app.inject(options as never);
  parentPort?.postMessage({
    id: message.id,
    res: { statusCode: res.statusCode, body: res.body, headers: res.headers, cookies: res.cookies },
  });
});
parentPort?.postMessage({ ready: true });
