import { redirect } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { fetchCustomPage, type CustomPageResponse } from '../api/custom-pages.api.ts';
import { getBootstrapData } from '../shell/bootstrap-store.ts';

/**
 * Loads a custom page (part 1, 2.2): 401 or 403 for a logged-out visitor redirects to
 * /login; other errors (404 included) go to the route's error element.
 */
export async function loadCustomPage(idOrSlug: string): Promise<CustomPageResponse> {
  try {
    return await fetchCustomPage(idOrSlug);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403) && !getBootstrapData().user)
      throw redirect('/login');
    throw error;
  }
}
