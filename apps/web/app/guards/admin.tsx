import { Outlet, redirect } from 'react-router';
import { QueryProvider } from '../lib/query-client.tsx';
import { guardRedirect } from '../lib/guard.ts';
import { checkExpiry } from '../lib/session.ts';
import type { Route } from './+types/admin';

/** Pathless route around every back-office page: signed-in admins only. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const to = guardRedirect('admin', new URL(request.url), checkExpiry());
  if (to) throw redirect(to);
  return null;
}

/** Check again on every navigation, not only when entering the area. */
export function shouldRevalidate() {
  return true;
}

/** Signed-in areas hold server state: they get the (shared) TanStack Query client. */
export default function AdminGuard() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
