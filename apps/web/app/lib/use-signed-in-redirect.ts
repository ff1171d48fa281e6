import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { localizePath } from './locale.ts';
import { safeRedirect } from './redirect.ts';
import type { Role } from './session.ts';
import { useLocale } from './use-locale.ts';
import { useSession } from './use-session.ts';

const HOME: Record<Role, string> = { customer: '/profile/account', admin: '/admin' };

/**
 * On a sign-in page: once signed in with `role`, leave for `redirectTo` (a path of this site
 * only) or the area's first page.
 */
export function useSignedInRedirect(role: Role): void {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = useLocale();
  const redirectTo = params.get('redirectTo');
  useEffect(() => {
    if (session?.role !== role) return;
    void navigate(safeRedirect(redirectTo, localizePath(HOME[role], locale)), { replace: true });
  }, [session, role, redirectTo, locale, navigate]);
}
