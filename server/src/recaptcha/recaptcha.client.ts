/** Asks a reCAPTCHA-compatible siteverify endpoint about a token; services depend on this, not on fetch. */
export interface HumanCheckClient {
  verify(input: {
    url: string;
    secret: string;
    token: string;
    remoteIp: string;
  }): Promise<{ success: boolean; score?: number; action?: string }>;
}

export class SiteVerifyClient implements HumanCheckClient {
  async verify(input: {
    url: string;
    secret: string;
    token: string;
    remoteIp: string;
  }): Promise<{ success: boolean; score?: number; action?: string }> {
    try {
      const res = await fetch(input.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: input.secret, response: input.token, remoteip: input.remoteIp }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return { success: false };
      const body = (await res.json()) as { success?: unknown; score?: unknown; action?: unknown };
      return {
        success: body.success === true,
        ...(typeof body.score === 'number' ? { score: body.score } : {}),
        ...(typeof body.action === 'string' ? { action: body.action } : {}),
      };
    } catch {
      // Unreachable or malformed: the visitor is not verified, never the opposite.
      return { success: false };
    }
  }
}
