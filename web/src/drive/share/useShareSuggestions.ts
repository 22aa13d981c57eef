import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';

const DEBOUNCE_MS = 200;

/**
 * People the user already shares with whose address or name starts with what was typed, while
 * the site's share suggestions are on (drive.share_suggestions); none otherwise.
 */
export function useShareSuggestions(text: string): {
  isOn: boolean;
  suggestions: Array<{ email: string; name: string | null }>;
} {
  const isOn = useBootstrapData().settings.drive.share_suggestions === true;
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().toLowerCase()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useQuery({
    queryKey: ['share-suggestions', query],
    queryFn: ({ signal }) => call(endpoints.shareSuggestions, { query: { query }, signal }),
    enabled: isOn && query !== '' && query.length <= 100,
    staleTime: 30_000,
  });
  return { isOn, suggestions: isOn && query !== '' ? (suggestions.data?.suggestions ?? []) : [] };
}
