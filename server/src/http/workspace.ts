import fp from 'fastify-plugin';
import { DEFAULT_WORKSPACE_ID } from '@kosh/contracts';
import { validation } from './app-error.ts';

/** Reads the `workspaceId` param every call may carry (spec part 1 section 7.1), from query or body. */
export const workspacePlugin = fp(async (app) => {
  app.decorateRequest('workspaceId', DEFAULT_WORKSPACE_ID);
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const body =
      request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)
        ? (request.body as Record<string, unknown>)
        : undefined;
    const raw = query?.workspaceId ?? body?.workspaceId;
    if (raw === undefined || raw === null || raw === '') return;
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < 0)
      throw validation({ workspaceId: ['The workspace id must be a whole number.'] });
    request.workspaceId = value;
  });
});
