import { APP_ROUTES, type AppRouteId } from '@permuta/contracts/routes';

/** Screens listed in a sidebar: the static pages of that layout, in the contracts' order. */
export function sidebarRoutes(layout: 'admin' | 'profile'): { id: AppRouteId; path: string }[] {
  return APP_ROUTES.filter((r) => r.layout === layout && !r.path.includes(':')).map((r) => ({
    id: r.id,
    path: r.path,
  }));
}
