import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { reportError } from '../error-reporting.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { UnexpectedError } from './UnexpectedError.tsx';

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.status;
  return undefined;
}

/**
 * Route error fallback (part 1, 2.2): a 404 shows the 404 page; any other route error
 * (a failed loader or call) redirects to /login (replace); a render error shows
 * 'Unexpected Application Error!'.
 */
export function RouteErrorElement() {
  const error = useRouteError();
  const navigate = useNavigate();
  const status = statusOf(error);
  const isRenderError = status === undefined && !isApiError(error);
  useEffect(() => {
    if (status !== undefined && status !== 404) void navigate('/login', { replace: true });
  }, [status, navigate]);
  useEffect(() => {
    if (isRenderError) reportError(error);
  }, [isRenderError, error]);
  if (status === 404) return <NotFoundPage />;
  if (isRenderError) return <UnexpectedError error={error} />;
  return null;
}
