import { generate } from 'otplib';

/** The authenticator code for `secret`, `steps` periods of 30 s away from now (an authenticator app's view). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * Waits until a fresh 30-second period starts when fewer than `margin` seconds are left, so a code
 * stays valid while a test uses it.
 */
export async function awayFromStepEdge(margin = 3): Promise<void> {
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}
