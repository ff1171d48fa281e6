import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  layout,
  prefix,
  route,
} from '@react-router/dev/routes';
import { LOCALES, type Locale } from '@permuta/contracts/locale';
import {
  APP_ROUTES,
  type AppRouteId,
  type RouteGuard,
  type RouteLayout,
} from '@permuta/contracts/routes';

/** The module of every page listed in packages/contracts/src/routes.ts. */
const MODULES = {
  home: 'routes/home.tsx',
  contact: 'routes/contact.tsx',
  business: 'routes/business.tsx',
  pld: 'routes/pld.tsx',
  testimonials: 'routes/testimonials.tsx',
  login: 'routes/login.tsx',
  registration: 'routes/registration.tsx',
  forgotPassword: 'routes/forgot-password.tsx',
  validateEmail: 'routes/validate-email.tsx',
  privacyPolicy: 'routes/privacy-policy.tsx',
  termsOfService: 'routes/terms-of-service.tsx',
  track: 'routes/track.tsx',
  trackOrder: 'routes/track-order.tsx',
  adminLogin: 'routes/admin/login.tsx',
  adminDashboard: 'routes/admin/dashboard.tsx',
  adminOrders: 'routes/admin/orders.tsx',
  adminOrder: 'routes/admin/order.tsx',
  adminPayments: 'routes/admin/payments.tsx',
  adminTreasury: 'routes/admin/treasury.tsx',
  adminReconciliation: 'routes/admin/reconciliation.tsx',
  adminDecripto: 'routes/admin/decripto.tsx',
  adminCompliance: 'routes/admin/compliance.tsx',
  adminNewAdmin: 'routes/admin/new-admin.tsx',
  adminRateSetting: 'routes/admin/rate-setting.tsx',
  adminManagerAdmins: 'routes/admin/manager-admins.tsx',
  adminManagerTokens: 'routes/admin/manager-tokens.tsx',
  adminManagerToken: 'routes/admin/manager-token.tsx',
  adminAddToken: 'routes/admin/add-token.tsx',
  adminManagerReviews: 'routes/admin/manager-reviews.tsx',
  adminGeneralSettings: 'routes/admin/general-settings.tsx',
  adminIntegrations: 'routes/admin/integrations.tsx',
  adminManagerCustomers: 'routes/admin/manager-customers.tsx',
  adminManagerCustomer: 'routes/admin/manager-customer.tsx',
  adminDocuments: 'routes/admin/documents.tsx',
  adminAudit: 'routes/admin/audit.tsx',
  adminContactMessages: 'routes/admin/contact-messages.tsx',
  adminAccountSecurity: 'routes/admin/account-security.tsx',
  profileAccount: 'routes/profile/account.tsx',
  profileDocuments: 'routes/profile/documents.tsx',
  profileBusiness: 'routes/profile/business.tsx',
  profileApiKeys: 'routes/profile/api-keys.tsx',
  profileLimits: 'routes/profile/limits.tsx',
  profileExchangeNow: 'routes/profile/exchange-now.tsx',
  profileMyOrders: 'routes/profile/my-orders.tsx',
  profileMyOrder: 'routes/profile/my-order.tsx',
  profileMyWallets: 'routes/profile/my-wallets.tsx',
  profileCreateWallet: 'routes/profile/create-wallet.tsx',
  profileEditWallet: 'routes/profile/edit-wallet.tsx',
  profileDeleteWallet: 'routes/profile/delete-wallet.tsx',
  profileReviews: 'routes/profile/reviews.tsx',
  profileMyReviews: 'routes/profile/my-reviews.tsx',
  profileChangePassword: 'routes/profile/change-password.tsx',
  profilePrivacy: 'routes/profile/privacy.tsx',
  profileSecurity: 'routes/profile/security.tsx',
  profileNotifications: 'routes/profile/notifications.tsx',
} as const satisfies Record<AppRouteId, string>;

const LAYOUTS: Record<RouteLayout, string> = {
  default: 'layouts/default.tsx',
  auth: 'layouts/auth.tsx',
  admin: 'layouts/admin.tsx',
  profile: 'layouts/profile.tsx',
};

const GUARDS: Record<Exclude<RouteGuard, 'public'>, string> = {
  customer: 'guards/customer.tsx',
  admin: 'guards/admin.tsx',
};

/**
 * The route tree of one locale. Layouts are pathless routes. A guard is a pathless route whose
 * clientLoader checks the session: around the whole profile and admin layouts (they never render
 * for a guest), and inside the default layout for `/profile/my-orders/:id`, which keeps the
 * public header. Ids carry the locale so that both trees coexist; the files are shared.
 */
function localeTree(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${locale}.${name}`;
  const placed = new Set<AppRouteId>();

  const pages = (layoutName: RouteLayout, guard: RouteGuard): RouteConfigEntry[] =>
    APP_ROUTES.filter((r) => r.layout === layoutName && r.guard === guard).map((r) => {
      placed.add(r.id);
      return r.path === '/'
        ? index(MODULES[r.id], { id: id(r.id) })
        : route(r.path.slice(1), MODULES[r.id], { id: id(r.id) });
    });

  const tree = [
    layout(LAYOUTS.default, { id: id('layout-default') }, [
      ...pages('default', 'public'),
      layout(
        GUARDS.customer,
        { id: id('layout-default.guard-customer') },
        pages('default', 'customer'),
      ),
      route('*', 'routes/not-found.tsx', { id: id('not-found') }),
    ]),
    layout(LAYOUTS.auth, { id: id('layout-auth') }, pages('auth', 'public')),
    layout(GUARDS.customer, { id: id('guard-customer') }, [
      layout(LAYOUTS.profile, { id: id('layout-profile') }, pages('profile', 'customer')),
    ]),
    layout(GUARDS.admin, { id: id('guard-admin') }, [
      layout(LAYOUTS.admin, { id: id('layout-admin') }, pages('admin', 'admin')),
    ]),
  ];

  const missing = APP_ROUTES.filter((r) => !placed.has(r.id)).map((r) => r.path);
  if (missing.length > 0) throw new Error(`routes.ts has no place for ${missing.join(', ')}`);

  return locale === 'pt-BR' ? tree : prefix('en-US', tree);
}

export default LOCALES.flatMap(localeTree) satisfies RouteConfig;
