import { APP_ROUTES, type AppRouteId } from '@permuta/contracts/routes';

/** Screens listed in a sidebar: the static pages of that layout, in the contracts' order. */
export function sidebarRoutes(layout: 'admin' | 'profile'): { id: AppRouteId; path: string }[] {
  return APP_ROUTES.filter((r) => r.layout === layout && !r.path.includes(':')).map((r) => ({
    id: r.id,
    path: r.path,
  }));
}

/** The customer area's sections, in the sidebar's order (text keys under `nav.profileGroups`). */
export const PROFILE_GROUPS = ['exchanges', 'wallets', 'account', 'reviews', 'security'] as const;
export type ProfileGroup = (typeof PROFILE_GROUPS)[number];

const PROFILE_GROUP_OF: Partial<Record<AppRouteId, ProfileGroup>> = {
  profileExchangeNow: 'exchanges',
  profileMyOrders: 'exchanges',
  profileMyWallets: 'wallets',
  profileCreateWallet: 'wallets',
  profileEditWallet: 'wallets',
  profileDeleteWallet: 'wallets',
  profileAccount: 'account',
  profileDocuments: 'account',
  profileLimits: 'account',
  profileBusiness: 'account',
  profileApiKeys: 'account',
  profileReviews: 'reviews',
  profileMyReviews: 'reviews',
  profileChangePassword: 'security',
  profileSecurity: 'security',
  profileNotifications: 'security',
  profilePrivacy: 'security',
};

/**
 * The customer area's sidebar in sections: every screen of the profile layout once, a screen
 * not yet given a section under "account" (so a new screen is never missing from the menu).
 */
export function profileSidebarGroups(): {
  group: ProfileGroup;
  routes: { id: AppRouteId; path: string }[];
}[] {
  const routes = sidebarRoutes('profile');
  return PROFILE_GROUPS.map((group) => ({
    group,
    routes: routes.filter((route) => (PROFILE_GROUP_OF[route.id] ?? 'account') === group),
  })).filter((section) => section.routes.length > 0);
}
