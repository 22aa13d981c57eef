import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useTrans, type TransFn } from '../shell/i18n/useTrans.tsx';

const REQUIRED = /^The .+ field is required\.$/;

/**
 * The contracts' schemas word their messages for the server ("The email field is required.");
 * under a field the client says 'This field is required.' and shows every other message
 * through the translation lines.
 */
export function clientMessage(message: string | undefined, trans: TransFn): string | undefined {
  if (!message) return message;
  return REQUIRED.test(message) ? trans('This field is required.') : trans(message);
}

function translateErrors<T extends FieldValues>(errors: FieldErrors<T>, trans: TransFn): FieldErrors<T> {
  const out: Record<string, unknown> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    const e = error as { message?: string; type?: string };
    out[name] =
      typeof e.type === 'string'
        ? { ...e, message: clientMessage(e.message, trans) }
        : translateErrors(error as FieldErrors<T>, trans);
  }
  return out as FieldErrors<T>;
}

/** Wraps a schema resolver so its messages read as the client's (see {@link clientMessage}). */
export function translatedResolver<T extends FieldValues>(resolver: Resolver<T>, trans: TransFn): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: translateErrors(result.errors, trans) } as Awaited<ReturnType<Resolver<T>>>;
  };
}

export function useTranslatedResolver<T extends FieldValues>(resolver: Resolver<T>): Resolver<T> {
  const { trans } = useTrans();
  // biome-ignore lint/correctness/useExhaustiveDependencies: callers make a new resolver each render; keep the first
  return useMemo(() => translatedResolver(resolver, trans), [trans]);
}
