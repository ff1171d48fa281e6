import { LOCALES, LOCALE_PREFIX, type Locale } from './locale.ts';
import { LOGIN_PATH as SIGN_IN_PATH } from './login-path.ts';
import type { AdminRole } from './admin-roles.ts';

/**
 * Every page of the web app, as data: the web route tree is built from this list (once per
 * locale), and tests enumerate it to visit every screen in both languages. Paths are the
 * Portuguese (unprefixed) ones; `localizedPath` adds the `/en-US` prefix.
 */
export const ROUTE_LAYOUTS = ['default', 'auth', 'admin', 'profile'] as const;
export type RouteLayout = (typeof ROUTE_LAYOUTS)[number];

/** public: anyone; customer: a signed-in customer; admin: a signed-in admin. */
export const ROUTE_GUARDS = ['public', 'customer', 'admin'] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

export interface AppRoute {
  /** stable id, also the key of the page's texts in the web catalogues */
  readonly id: string;
  /** path pattern, React Router syntax (`:param`) */
  readonly path: string;
  readonly layout: RouteLayout;
  readonly guard: RouteGuard;
  /** back office only: the least admin role that may open the page (decision 024) */
  readonly adminRole?: AdminRole;
  /** rendered to static HTML at build time (public pages only) */
  readonly prerender: boolean;
  /** example values of the path parameters, to visit a dynamic page in tests */
  readonly params?: Readonly<Record<string, string>>;
}

export const APP_ROUTES = [
  // public
  { id: 'home', path: '/', layout: 'default', guard: 'public', prerender: true },
  { id: 'contact', path: '/contact', layout: 'default', guard: 'public', prerender: true },
  { id: 'business', path: '/business', layout: 'default', guard: 'public', prerender: true },
  { id: 'pld', path: '/pld', layout: 'default', guard: 'public', prerender: true },
  {
    id: 'testimonials',
    path: '/testimonials',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  { id: 'login', path: '/login', layout: 'default', guard: 'public', prerender: true },
  {
    id: 'registration',
    path: '/registration',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  {
    id: 'forgotPassword',
    path: '/forgot-password',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  {
    id: 'validateEmail',
    path: '/validate-email',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  {
    id: 'privacyPolicy',
    path: '/privacy-policy',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  {
    id: 'termsOfService',
    path: '/terms-of-service',
    layout: 'default',
    guard: 'public',
    prerender: true,
  },
  { id: 'adminLogin', path: '/admin/login', layout: 'auth', guard: 'public', prerender: true },
  // order tracking without signing in (decision 059)
  { id: 'track', path: '/track', layout: 'default', guard: 'public', prerender: true },
  {
    id: 'trackOrder',
    path: '/track/:reference',
    layout: 'default',
    guard: 'public',
    prerender: false,
    params: { reference: 'EX-7K2Q9' },
  },

  // back office
  {
    id: 'adminDashboard',
    path: '/admin',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminOrders',
    path: '/admin/orders',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminOrder',
    path: '/admin/orders/:id',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
    params: { id: 'EX-7K2Q9' },
  },
  {
    id: 'adminPayments',
    path: '/admin/payments',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminTreasury',
    path: '/admin/treasury',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminReconciliation',
    path: '/admin/reconciliation',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminDecripto',
    path: '/admin/decripto',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminCompliance',
    path: '/admin/compliance',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminNewAdmin',
    path: '/admin/new-admin',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminRateSetting',
    path: '/admin/rate-setting',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminManagerAdmins',
    path: '/admin/manager-admins',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminManagerTokens',
    path: '/admin/manager-tokens',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
  },
  {
    id: 'adminManagerToken',
    path: '/admin/manager-tokens/:coinName',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'finance',
    prerender: false,
    params: { coinName: 'USDT' },
  },
  {
    id: 'adminAddToken',
    path: '/admin/add-token',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminManagerReviews',
    path: '/admin/manager-reviews',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminGeneralSettings',
    path: '/admin/general-settings',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminIntegrations',
    path: '/admin/integrations',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminManagerCustomers',
    path: '/admin/manager-customers',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminManagerCustomer',
    path: '/admin/manager-customers/:id',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
    params: { id: '1' },
  },
  {
    id: 'adminDocuments',
    path: '/admin/documents',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminAudit',
    path: '/admin/audit',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'owner',
    prerender: false,
  },
  {
    id: 'adminContactMessages',
    path: '/admin/contact-messages',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },
  {
    id: 'adminAccountSecurity',
    path: '/admin/account/security',
    layout: 'admin',
    guard: 'admin',
    adminRole: 'operator',
    prerender: false,
  },

  // customer area
  {
    id: 'profileAccount',
    path: '/profile/account',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileDocuments',
    path: '/profile/documents',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileBusiness',
    path: '/profile/business',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileApiKeys',
    path: '/profile/api-keys',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileLimits',
    path: '/profile/limits',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileExchangeNow',
    path: '/profile/exchange-now',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileMyOrders',
    path: '/profile/my-orders',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileMyOrder',
    path: '/profile/my-orders/:id',
    layout: 'default',
    guard: 'customer',
    prerender: false,
    params: { id: 'EX-7K2Q9' },
  },
  {
    id: 'profileMyWallets',
    path: '/profile/my-wallets',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileCreateWallet',
    path: '/profile/create-wallet',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileEditWallet',
    path: '/profile/edit-wallet',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileDeleteWallet',
    path: '/profile/delete-wallet',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileReviews',
    path: '/profile/reviews',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileMyReviews',
    path: '/profile/my-reviews',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileChangePassword',
    path: '/profile/change-password',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profilePrivacy',
    path: '/profile/privacy',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileSecurity',
    path: '/profile/security',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
  {
    id: 'profileNotifications',
    path: '/profile/notifications',
    layout: 'profile',
    guard: 'customer',
    prerender: false,
  },
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof APP_ROUTES)[number]['id'];

/** Where a guest (or a signed-in user of the wrong role) is sent to sign in. */
export const LOGIN_PATH: Record<Exclude<RouteGuard, 'public'>, string> = SIGN_IN_PATH;

export function findRoute(id: AppRouteId): AppRoute {
  const found = APP_ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route id ${id}`);
  return found;
}

/** `/contact` -> `/en-US/contact`; `/` -> `/en-US`; Portuguese paths stay as they are. */
export function localizedPath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The route's path with its example parameters filled in (`/admin/orders/EX-7K2Q9`). */
export function examplePath(route: AppRoute): string {
  return route.path.replace(/:(\w+)/g, (whole, name: string) => route.params?.[name] ?? whole);
}

/** Every prerendered path in both locales. */
export function prerenderPaths(): string[] {
  return LOCALES.flatMap((locale) =>
    APP_ROUTES.filter((r) => r.prerender).map((r) => localizedPath(r.path, locale)),
  );
}
