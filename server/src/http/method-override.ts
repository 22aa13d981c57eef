import type { IncomingMessage } from 'node:http';
import { METHOD_OVERRIDE_HEADER } from '@kosh/contracts';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * PUT, PATCH and DELETE arrive as POST with an override header or a `_method` param
 * (spec part 1 section 7.1). Runs before routing, so the route of the real method answers.
 */
export function overrideMethod(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const header = req.headers[METHOD_OVERRIDE_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const queryIndex = url.indexOf('?');
  const fromQuery = queryIndex >= 0 ? new URLSearchParams(url.slice(queryIndex + 1)).get('_method') : null;
  const wanted = (fromHeader ?? fromQuery ?? '').toUpperCase();
  if (OVERRIDABLE.has(wanted)) req.method = wanted;
  return url;
}
