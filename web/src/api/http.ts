import { COOKIE, DEFAULT_WORKSPACE_ID, METHOD_OVERRIDE_HEADER, XSRF_HEADER } from '@kosh/contracts/constants';
import { isUnprefixedPath } from '@kosh/contracts/format';
import { ApiError } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined | Array<string | number>>;
export type RequestOptions = {
  params?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A GET that changes state (joining a workspace): it carries the XSRF header too. */
  changesState?: boolean;
};
type PreparedRequest = { url: string; init: RequestInit & { method: string; headers: Record<string, string> } };

/** Params sent as one comma-joined value on GET (part 1, 7.1). */
const COMMA_JOINED = new Set(['with', 'load', 'loadCount']);
const OVERRIDDEN = new Set<HttpMethod>(['PUT', 'PATCH', 'DELETE']);
const WORKSPACE_METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT']);

/** `auth/login` -> `/auth/login`; `users/me` -> `/api/v1/users/me`; absolute URLs untouched. */
export function resolveUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  const clean = path.replace(/^\/+/, '');
  return isUnprefixedPath(clean) ? `/${clean}` : `/api/v1/${clean}`;
}

function hasWorkspaceId(params: QueryParams, body: unknown): boolean {
  if (params.workspaceId != null) return true;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body.has('workspaceId');
  return !!body && typeof body === 'object' && (body as Record<string, unknown>).workspaceId != null;
}

function appendParams(search: URLSearchParams, params: QueryParams, method: HttpMethod): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (method === 'GET' && COMMA_JOINED.has(key)) search.append(key, value.join(','));
      else for (const v of value) search.append(key, String(v));
    } else {
      search.append(key, String(value));
    }
  }
}

/**
 * Applies the call conventions of spec part 1 section 7.1 to one call. Pure: cookies come
 * in through `readCookie`, so it is unit-tested without a browser.
 */
export function prepareRequest(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  readCookie: (name: string) => string | undefined,
): PreparedRequest {
  const params: QueryParams = { ...options.params };
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const workspaceId = Number(readCookie(COOKIE.activeWorkspace) ?? DEFAULT_WORKSPACE_ID);
  if (
    WORKSPACE_METHODS.has(method) &&
    workspaceId &&
    !Number.isNaN(workspaceId) &&
    !hasWorkspaceId(params, options.body)
  ) {
    params.workspaceId = workspaceId;
  }
  let sentMethod: string = method;
  if (OVERRIDDEN.has(method)) {
    sentMethod = 'POST';
    headers[METHOD_OVERRIDE_HEADER] = method;
    params._method = method;
  }
  if (method !== 'GET' || options.changesState) {
    const xsrf = readCookie(COOKIE.xsrf);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const search = new URLSearchParams();
  appendParams(search, params, method);
  const query = search.toString();
  const base = resolveUrl(path);
  const url = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  return { url, init: { method: sentMethod, headers, body, credentials: 'include', signal: options.signal } };
}

export function readBrowserCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A non-JSON answer (a proxy's error page) carries no message meant for people.
    return undefined;
  }
}

/** Sends one call and returns the parsed JSON answer; throws {@link ApiError} on a non-2xx status. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const { url, init } = prepareRequest(method, path, options, readBrowserCookie);
  const response = await fetch(url, init);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
