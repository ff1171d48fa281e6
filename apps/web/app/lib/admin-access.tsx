import { createContext, useContext } from 'react';
import { adminRoleAllows, type AdminRole } from '@permuta/contracts/admin-roles';
import { APP_ROUTES, type AppRoute, type AppRouteId } from '@permuta/contracts/routes';

/**
 * The signed-in admin's role (decision 024), as the admin layout read it from the API (null
 * while it is loading). Screens show only what the role may do; the API checks it again.
 */
export const AdminRoleContext = createContext<AdminRole | null>(null);

export function useAdminRole(): AdminRole | null {
  return useContext(AdminRoleContext);
}

/** Whether the signed-in admin may do something that needs `required` (false while unknown). */
export function useAdminCan(required: AdminRole): boolean {
  const role = useAdminRole();
  return role !== null && adminRoleAllows(role, required);
}

/** The least role that may open a back-office page; null for a page that is not one. */
export function pageAdminRole(id: AppRouteId | string): AdminRole | null {
  const route: AppRoute | undefined = APP_ROUTES.find((r) => r.id === id);
  return route?.adminRole ?? null;
}

/** The route id of a React Router match id (`en-US.adminTreasury` -> `adminTreasury`). */
export function appRouteIdOf(matchId: string): string {
  const dot = matchId.indexOf('.');
  return dot < 0 ? matchId : matchId.slice(dot + 1);
}

/** The back-office pages `role` may open, among `routes`. */
export function allowedPages<T extends { id: string }>(routes: readonly T[], role: AdminRole): T[] {
  return routes.filter((route) => adminRoleAllows(role, pageAdminRole(route.id) ?? 'owner'));
}
