import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '@/lib/redirect';
import { paths } from '@/lib/paths';

/**
 * "/" and "/dashboard" (SPEC §2): go to the redirectTo query value if present, else /signin (which
 * sends a signed-in user on to their dashboard). Only same-origin paths are followed.
 */
export function RootRedirect() {
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirectTo'));
  return <Navigate to={target ?? paths.signIn} replace />;
}
