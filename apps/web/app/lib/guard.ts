import { LOGIN_PATH } from '@permuta/contracts/login-path';
import { localeFromPath, localizePath } from './locale.ts';
import { withRedirectTo } from './redirect.ts';
import type { Session } from './session.ts';

export type GuardRole = keyof typeof LOGIN_PATH;

/**
 * Where to send a visitor who may not open `url` (a guest, or a signed-in user of the other
 * role): the sign-in page of that area, in the same language, with `redirectTo` back here.
 * null when the session may open it.
 */
export function guardRedirect(role: GuardRole, url: URL, session: Session | null): string | null {
  if (session?.role === role) return null;
  const locale = localeFromPath(url.pathname);
  return withRedirectTo(localizePath(LOGIN_PATH[role], locale), `${url.pathname}${url.search}`);
}
