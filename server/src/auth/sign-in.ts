import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BootstrapData } from '@kosh/contracts';
import { bootstrapRequestOf } from '../bootstrap/bootstrap.routes.ts';
import type { Container } from '../container.ts';
import { unauthenticated } from '../http/app-error.ts';
import { setSessionCookie } from './request-context.ts';

/** Hands the browser its new session cookie and answers the bootstrap data of the signed-in user. */
export async function answerSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  container: Container,
  signedIn: { userId: number; session: { token: string; id: string }; remember: boolean },
): Promise<BootstrapData> {
  setSessionCookie(request, reply, signedIn.session.token, signedIn.remember);
  return bootstrapFor(request, container, signedIn.userId, signedIn.session.id);
}

/** The bootstrap data as the given user and session will see it. */
export async function bootstrapFor(
  request: FastifyRequest,
  container: Container,
  userId: number,
  sessionId: string | null,
): Promise<BootstrapData> {
  const row = await container.repos.users.getById(userId);
  if (!row) throw unauthenticated();
  const actor = await container.actorResolver.forUser(row.id, row.email);
  return container.services.bootstrap.build({ ...bootstrapRequestOf(request, container), actor, sessionId });
}
