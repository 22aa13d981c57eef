import type {
  EndpointBody,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  PathParamNames,
} from '@kosh/contracts/endpoints';
import { apiRequest, type QueryParams } from './http.ts';

type ParamsInput<E extends EndpointDefinition> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: EndpointParams<E> };
type BodyInput<E extends EndpointDefinition> = E extends { body: unknown }
  ? object extends EndpointBody<E>
    ? { body?: EndpointBody<E> }
    : { body: EndpointBody<E> }
  : E extends { form: unknown }
    ? { body: FormData }
    : { body?: never };
type QueryInput<E extends EndpointDefinition> = E extends { query: unknown }
  ? { query?: EndpointQuery<E> }
  : { query?: never };

/**
 * What one call through the endpoint table takes, typed from its schemas: path params, query,
 * body (a FormData for multipart endpoints), and an explicit workspaceId, which otherwise comes
 * from the active-workspace cookie (part 1, 7.1).
 */
export type CallInput<E extends EndpointDefinition> = ParamsInput<E> &
  BodyInput<E> &
  QueryInput<E> & { workspaceId?: number; signal?: AbortSignal };

type CallArgs<E extends EndpointDefinition> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
type LooseInput = {
  params?: Record<string, string | number>;
  query?: QueryParams;
  body?: unknown;
  workspaceId?: number;
  signal?: AbortSignal;
};

/** `users/:id/avatar` with {id: 5} -> `users/5/avatar`; every value is URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`The path ${path} needs ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Makes one call of the endpoint table (contracts/src/endpoints.ts) with the conventions of
 * spec part 1 section 7.1 (http.ts), and answers the body typed from the endpoint's response schema.
 */
export function call<E extends EndpointDefinition>(endpoint: E, ...[input]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, workspaceId, signal } = (input ?? {}) as LooseInput;
  const search: QueryParams = { ...query };
  if (workspaceId !== undefined) search.workspaceId = workspaceId;
  return apiRequest<EndpointResponse<E>>(endpoint.method, fillPath(endpoint.path, params), {
    params: search,
    body,
    signal,
    ...(endpoint.changesState ? { changesState: true } : {}),
  });
}
