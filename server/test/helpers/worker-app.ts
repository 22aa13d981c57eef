import { Worker } from 'node:worker_threads';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../src/config.ts';

/**
 * The app started in a worker thread on the same config (database, data dir): a second server
 * process whose statements run at the same time as this thread's, which two apps in one thread
 * cannot do on SQLite. `app` answers `inject` like Fastify's, enough for an Agent.
 */
export async function startWorkerApp(config: Config): Promise<{
  app: FastifyInstance;
  holdDrains: (hold: boolean) => Promise<void>;
  close: () => Promise<void>;
}> {
  const worker = new Worker(new URL('./worker-server.ts', import.meta.url), { workerData: { config } });
  const waiting = new Map<number, (value: unknown) => void>();
  let next = 0;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { ready?: boolean; id?: number; res?: unknown }) => {
      if (message.ready) resolve();
      else if (message.id !== undefined) waiting.get(message.id)?.(message.res);
    });
  });
  await ready;
  const call = (body: { options?: InjectOptions; close?: boolean; holdDrains?: boolean }) =>
    new Promise<unknown>((resolve) => {
      const id = next++;
      waiting.set(id, (value) => {
        waiting.delete(id);
        resolve(value);
      });
      worker.postMessage({ id, ...body });
    });
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = (await call({ options })) as Pick<
      LightMyRequestResponse,
      'statusCode' | 'body' | 'headers' | 'cookies'
    >;
    return { ...res, json: () => JSON.parse(res.body) } as LightMyRequestResponse;
  };
  return {
    app: { inject } as unknown as FastifyInstance,
    holdDrains: async (hold) => {
      await call({ holdDrains: hold });
    },
    close: async () => {
      await call({ close: true });
      await worker.terminate();
    },
  };
}
