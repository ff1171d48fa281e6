import { catalogueAdminPaths } from './paths/catalogue-admin.ts';
import { dashboardPaths } from './paths/dashboard.ts';
import { accountPaths } from './paths/accounts.ts';
import { orderPaths } from './paths/orders.ts';
import { reviewPaths } from './paths/reviews.ts';
import { walletPaths } from './paths/wallets.ts';
import { settingsPaths } from './paths/settings.ts';
import { publicSitePaths } from './paths/public-site.ts';
import { auditPaths } from './paths/audit.ts';
import { contactInboxPaths } from './paths/contact-inbox.ts';
import { compliancePaths } from './paths/compliance.ts';
import { integrationsPaths } from './paths/integrations.ts';
import { paymentsInboxPaths } from './paths/payments-inbox.ts';
import { reconciliationPaths } from './paths/reconciliation.ts';
import { decriptoPaths } from './paths/decripto.ts';
import { privacyPaths } from './paths/privacy.ts';
import { businessPaths } from './paths/business.ts';
import { trackingPaths } from './paths/tracking.ts';
import { notificationPaths } from './paths/notifications.ts';

export { buildPaths } from './paths/core.ts';

/**
 * Every URL the web app calls, in one place: one file a feature in ./paths/. The page shell
 * imports ./paths/core.ts alone, so that the features' URLs load with their screens.
 */
export const apiPaths = {
  ...accountPaths,
  ...notificationPaths,
  ...walletPaths,
  ...catalogueAdminPaths,
  ...orderPaths,
  ...dashboardPaths,
  ...reviewPaths,
  ...settingsPaths,
  ...publicSitePaths,
  ...auditPaths,
  ...contactInboxPaths,
  ...compliancePaths,
  ...integrationsPaths,
  ...paymentsInboxPaths,
  ...reconciliationPaths,
  ...decriptoPaths,
  ...privacyPaths,
  ...businessPaths,
  ...trackingPaths,
} as const;
