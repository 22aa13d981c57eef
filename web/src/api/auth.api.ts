import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BootstrapData } from '@kosh/contracts';
import { parseBootstrapData, setBootstrapData } from '../shell/bootstrap-store.ts';
import { isInAppearanceEditor } from '../shell/appearance/appearance-editor.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';

export type LoginPayload = { email: string; password: string; remember: boolean };
export type LoginResponse = { two_factor?: boolean; bootstrapData?: BootstrapData | string; status?: string };

export function login(payload: LoginPayload): Promise<LoginResponse> {
  return http.post<LoginResponse>('auth/login', payload);
}

/** Applies new bootstrap data after login/logout/registration; cached server state is dropped. */
export function applyBootstrapData(raw: BootstrapData | string): BootstrapData {
  const data = parseBootstrapData(raw);
  queryClient.clear();
  setBootstrapData(data);
  return data;
}

/**
 * Logout (part 1, 4): POST auth/logout, replace bootstrap data, go to /login; refused
 * inside the appearance editor.
 */
export function useLogout() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => http.post<{ bootstrapData?: BootstrapData | string }>('auth/logout'),
    onSuccess: async (response) => {
      if (response?.bootstrapData) applyBootstrapData(response.bootstrapData);
      else {
        queryClient.clear();
        setBootstrapData((prev) => ({ ...prev, user: null }));
      }
      await navigate('/login', { replace: true });
    },
  });
  return {
    ...mutation,
    logout: () => {
      if (isInAppearanceEditor()) {
        toast.danger(trans("Can't logout while in appearance editor."));
        return;
      }
      mutation.mutate();
    },
  };
}
