import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminCustomPage } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { matchFieldErrors } from '../../../api/form-errors.ts';
import { queryClient } from '../../../api/query-client.ts';
import { customPageKeys, customPagesApi, refreshCustomPages } from '../custom-pages.api.ts';
import { PAGE_FIELDS, pageBody, type PageFormValues, pageFormValues } from './page-form.ts';

/**
 * Creates or replaces a page from the editor. A 422 lands on its fields (a slug taken by another
 * page, say); anything else is a toast. The saved page, body as the server sanitised it, becomes
 * the form's clean state.
 */
export function useSavePage(
  form: UseFormReturn<PageFormValues>,
  pageId: number | null,
  onSaved: (page: AdminCustomPage) => void,
) {
  return useMutation({
    mutationFn: (values: PageFormValues) =>
      pageId === null ? customPagesApi.create(pageBody(values)) : customPagesApi.update(pageId, pageBody(values)),
    meta: { handledStatuses: [422] },
    onSuccess: async (page) => {
      queryClient.setQueryData(customPageKeys.detail(page.id), page);
      form.reset(pageFormValues(page));
      onSaved(page);
      await refreshCustomPages();
    },
    onError: (error) => {
      if (!isApiError(error) || error.status !== 422) return;
      const fields = matchFieldErrors(error.errors, PAGE_FIELDS);
      for (const [name, message] of fields) form.setError(name as keyof PageFormValues, { type: 'server', message });
      if (fields[0]) form.setFocus(fields[0][0] as keyof PageFormValues);
      else showHttpErrorToast(error);
    },
  });
}
