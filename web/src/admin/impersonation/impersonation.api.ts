import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { adminEndpoints } from '../admin-endpoints.ts';

/**
 * A full page load after logging in as someone or back: cookies, the CSRF token, the bootstrap
 * data and every cached query belong to the other person now.
 */
const reloadInto = (path: string) => window.location.assign(path);

/** Log in as a user (POST admin/users/{id}/impersonate, admin only), then open their drive. */
export function useImpersonate() {
  return useMutation({
    mutationFn: (id: number) => call(adminEndpoints.impersonateAdminUser, { params: { id } }),
    onSuccess: () => reloadInto('/drive'),
  });
}

/** Back to your own account (POST admin/impersonation/stop), then to the users list. */
export function useStopImpersonation() {
  return useMutation({
    mutationFn: () => call(adminEndpoints.stopImpersonation),
    onSuccess: () => reloadInto('/admin/users'),
  });
}
