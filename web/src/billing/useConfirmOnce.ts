import { useCallback, useEffect, useRef } from 'react';

/**
 * Sends a gateway session's confirmation once per session id (React's strict mode mounts effects
 * twice; a done page must not confirm twice), with `retry` to send it again after a failure.
 */
export function useConfirmOnce<M extends { mutate: (sessionId: string) => void }>(
  sessionId: string | null,
  mutation: M,
): M & { retry: () => void } {
  const { mutate } = mutation;
  const sent = useRef<string | null>(null);
  const run = useCallback(() => {
    if (sessionId) mutate(sessionId);
  }, [mutate, sessionId]);
  useEffect(() => {
    if (!sessionId || sent.current === sessionId) return;
    sent.current = sessionId;
    run();
  }, [sessionId, run]);
  return { ...mutation, retry: run };
}
