import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BootstrapData } from '@kosh/contracts';
import type { BootstrapAnswers } from '../bootstrap/bootstrap-answers.ts';
import { setActiveWorkspaceCookie, setSessionCookie } from '../http/cookies.ts';
import type { RotatedSession } from './session.service.ts';

/** Hands the browser the new token of a rotated session (nothing for API-token calls). */
export function setRotatedSession(request: FastifyRequest, reply: FastifyReply, rotated: RotatedSession | null): void {
  if (rotated) setSessionCookie(request, reply, rotated.token, rotated.remember);
}

/**
 * Hands the browser its new session cookie and the workspace to open (the one the user worked in
 * last, on any device), and answers the bootstrap data of the signed-in user.
 */
export async function answerSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: BootstrapAnswers,
  signedIn: { userId: number; session: { token: string; id: string }; remember: boolean },
): Promise<BootstrapData> {
  setSessionCookie(request, reply, signedIn.session.token, signedIn.remember);
  setActiveWorkspaceCookie(request, reply, await answers.lastWorkspaceOf(signedIn.userId));
  return answers.forUser(request, signedIn.userId, signedIn.session.id);
}
