import type { FastifyInstance } from 'fastify';
import type { Db, DbHandle } from '@permuta/db';
import { exchangeClientFromConfig } from './adapters/exchange/binance-client.ts';
import type { ExchangeClient } from './adapters/exchange/exchange.ts';
import { storageFromConfig } from './adapters/storage/storage-from-config.ts';
import type { FileStorage } from './adapters/storage/storage.ts';
import type { AppConfig } from './config.ts';
import { AppError } from './lib/app-error.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { SettingsChanged } from './lib/settings-changed.ts';
import { createSignal } from './lib/signal.ts';
import { createAdminAccountsService } from './modules/admin-accounts/admin-accounts.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import type { AuthKeys } from './modules/auth/auth.plugin.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCustomerTwoFactorService } from './modules/auth/customer-two-factor.service.ts';
import type { SessionReader } from './modules/auth/guards.ts';
import { createCatalogueExchange } from './modules/catalogue/catalogue.exchange.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createContactInboxService } from './modules/contact/contact.inbox.service.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { createOrderMover } from './modules/orders/order-mover.ts';
import type { MoveObserver, OrderMover } from './modules/orders/order-mover.ts';
import { createPayoutTiming } from './modules/orders/payout-timing.ts';
import type { PayoutHow } from './modules/orders/payout-timing.ts';
import { createOrderStreams } from './modules/orders/order-streams.ts';
import { isPayoutRetryMove } from './modules/orders/order-transition.ts';
import type { EnqueueEmail, MoveHook } from './modules/orders/order-transition.ts';
import { createTelegramClient } from './adapters/telegram/telegram-client.ts';
import { createPushSender } from './adapters/push/web-push-client.ts';
import { resolveVapidKeys } from './modules/notifications/vapid-keys.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import type { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createAdminOrdersService } from './modules/orders/orders.admin.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { quoteKey } from './modules/orders/quote-token.ts';
import { resolveAuthSecret } from './modules/auth/auth.secret.ts';
import { settingsSnapshot } from './modules/orders/settings-snapshot.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { createSecretBox, purposeKey } from './lib/secret-box.ts';
import { createCryptoDepositWatcher } from './modules/payments/crypto-deposits.watcher.ts';
import { createIncomingPayments } from './modules/payments/incoming-payments.service.ts';
import { deskRefundGuard } from './modules/payments/desk-refund-guard.ts';
import { createPaymentsInboxService } from './modules/payments/payments-inbox.service.ts';
import { createPixDeposits, refundIdFor } from './modules/payments/pix-deposits.service.ts';
import { createPayoutLock } from './modules/payouts/payout-lock.ts';
import type { PayoutLock } from './modules/payouts/payout-lock.ts';
import { createPayoutHooks } from './modules/payouts/payout-hooks.ts';
import { createCryptoRail } from './modules/payouts/crypto-rail.ts';
import { createDerivRail } from './modules/payouts/deriv-rail.ts';
import { createPayoutExceptions } from './modules/payouts/payout-exceptions.ts';
import { createPixRail } from './modules/payouts/pix-rail.ts';
import { createDerivAgents, derivTester } from './modules/integrations/deriv-agent.ts';
import { createDerivDeposits } from './modules/payments/deriv-deposits.ts';
import type { PayoutRail } from './modules/payouts/rails.ts';
import { createPayoutRisk } from './modules/payouts/payout-risk.ts';
import { createPayoutService } from './modules/payouts/payouts.service.ts';
import type { PayoutService } from './modules/payouts/payouts.service.ts';
import { loadPricingSnapshot } from './modules/pricing/pricing.repository.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { createRatesService } from './modules/rates/rates.service.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createTreasuryService } from './modules/treasury/treasury.service.ts';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { createDecriptoService } from './modules/decripto/decripto.service.ts';
import { createWalletsService } from './modules/wallets/wallets.service.ts';
import { createComplianceService } from './modules/compliance/compliance.service.ts';
import { readSettings } from './modules/orders/orders.repository.ts';
import { OPERATORS_LOCALE } from './modules/orders/order-transition.ts';
import { createTrackingService } from './modules/tracking/tracking.service.ts';
import type { AppLog, Log } from './lib/log.ts';

/**
 * The composition root (decision 030): every service of the API is built here, once, from the
 * infrastructure the plugins open (database, jobs, mail, sessions), and each is handed only what
 * it uses. Route plugins and job workers receive the built services; no feature module builds
 * another module's service, so every caller of an order move gets the same wired mover.
 */

/** Per read of the exchange's deposit history (a timeout changes nothing: read on the next run). */
export const DEPOSIT_HISTORY_TIMEOUT_MS = 10_000;

/** Per exchange call of a payout (a timeout is an unknown outcome: looked up on the next run). */
export const PAYOUT_EXCHANGE_TIMEOUT_MS = 10_000;
/** Per Deriv call (a transfer's timeout is an unknown outcome: looked up after DERIV_SETTLE_MS). */
export const DERIV_TIMEOUT_MS = 15_000;

export interface Infrastructure {
  db: Db;
  /** the database handle (its advisory locks and notifications) */
  handle: DbHandle;
  jobs: JobQueue;
  /** e-mail in a transaction (sent once it commits), and e-mail sent at once */
  enqueueEmail: FastifyInstance['enqueueEmail'];
  sendEmail: FastifyInstance['sendEmail'];
  /** the signed cookies and the two-factor cipher (keyed by AUTH_SECRET) */
  authKeys: AuthKeys;
  sessions: SessionReader;
  settingsChanged: SettingsChanged;
  log: AppLog;
  /** an order paid out `seconds` after its funds were confirmed (the metrics, decision 052) */
  observePayout?: (seconds: number, how: PayoutHow) => void;
}

export interface OrderMovingDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  lock: PayoutLock;
  exchange: ExchangeClient;
  /** the rails after crypto's (decision 042): Deriv and PIX (decision 044) */
  rails?: readonly PayoutRail[];
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  now: () => Date;
  log: Log;
  /** told after the commit of every order moved or changed */
  committed?: readonly ((orderId: string) => void)[];
  /** run in every move's transaction, their answers after the commit (e.g. payout timing) */
  observers?: readonly MoveObserver[];
  /** the customers' notification channels (decision 060); absent: status e-mails only */
  notifications?: Pick<
    NotificationsService,
    'wantsEmail' | 'queueStatusChange' | 'queueAdminAlert'
  >;
  /** the partners' signed webhooks (decision 065); absent: none */
  webhooks?: Pick<WebhooksService, 'queueOrderEvent'>;
}

/**
 * The order mover with the automatic payouts' hooks, and the payout service that moves orders
 * through that same mover. Tests build a second instance's pair with this function too.
 */
export function buildOrderMoving(deps: OrderMovingDeps): {
  mover: OrderMover;
  payouts: PayoutService;
} {
  const { db, jobs, lock, exchange } = deps;
  const rails = [createCryptoRail(exchange), ...(deps.rails ?? [])];
  const { notifications } = deps;
  const hooks = createPayoutHooks({
    db,
    rails,
    jobs,
    lock,
    // the back office's alerts of an order to pay out by hand or a held payout (decision 060)
    ...(notifications
      ? {
          newWork: (tx, work) =>
            notifications.queueAdminAlert(tx, {
              alert: work.kind,
              entityId: work.order.id,
              reference: work.order.reference,
            }),
        }
      : {}),
  });
  const mover = createOrderMover({
    db,
    enqueueEmail: deps.enqueueEmail,
    publicUrl: deps.publicUrl,
    afterMove: [
      // the desk's refund of an order whose money the PSP is returning (decision 048)
      deskRefundGuard,
      hooks.afterMove,
      ...(notifications ? [notifyHook(notifications), confirmAlertHook(notifications)] : []),
      ...(deps.webhooks ? [webhookHook(deps.webhooks)] : []),
    ],
    ...(notifications ? { wantsStatusEmail: notifications.wantsEmail } : {}),
    settleByHand: hooks.settleByHand,
    committed: deps.committed ?? [],
    observers: deps.observers ?? [],
  });
  const payouts = createPayoutService({
    db,
    rails,
    jobs,
    lock,
    mover,
    now: deps.now,
    log: deps.log,
  });
  return { mover, payouts };
}

/** A move's status change, queued for the customer's other channels (not payout retries). */
function notifyHook(notifications: Pick<NotificationsService, 'queueStatusChange'>): MoveHook {
  return async (tx, moved) => {
    if (isPayoutRetryMove(moved.from, moved.to)) return;
    await notifications.queueStatusChange(tx, {
      eventId: moved.eventId,
      orderId: moved.order.id,
      userId: moved.order.userId,
      reference: moved.order.reference,
      status: moved.to,
    });
  };
}

/** Every status change, the business's `order.status_changed` webhook event (decision 065). */
function webhookHook(webhooks: Pick<WebhooksService, 'queueOrderEvent'>): MoveHook {
  return async (tx, moved) =>
    webhooks.queueOrderEvent(tx, {
      type: 'order.status_changed',
      orderId: moved.order.id,
      userId: moved.order.userId,
    });
}

/** A customer's report of the payment: an order for the back office to confirm (decision 060). */
function confirmAlertHook(notifications: Pick<NotificationsService, 'queueAdminAlert'>): MoveHook {
  return async (tx, moved) => {
    if (moved.to !== 'user_confirmed') return;
    await notifications.queueAdminAlert(tx, {
      alert: 'order_to_confirm',
      entityId: moved.order.id,
      reference: moved.order.reference,
    });
  };
}

export function buildServices(infra: Infrastructure, config: AppConfig, now: () => Date) {
  const { db, authKeys, sendEmail, enqueueEmail } = infra;
  const { publicUrl } = config;
  // e-mail, Telegram and browser push of order news (decision 060)
  const notifications = createNotificationsService({
    db,
    jobs: infra.jobs,
    telegram: config.telegram
      ? {
          client: createTelegramClient({
            apiUrl: config.telegram.apiUrl,
            token: config.telegram.token,
          }),
          username: config.telegram.username,
          webhookSecret: Buffer.from(
            purposeKey(resolveAuthSecret(config), 'telegram-webhook'),
          ).toString('base64url'),
        }
      : null,
    push: createPushSender(resolveVapidKeys(config)),
    allowLocalPush: config.env !== 'production',
    publicUrl,
    now,
    log: infra.log.child({ component: 'notifications' }),
  });
  // the partners' signed webhooks of order events (decision 065)
  const webhooks = createWebhooksService({
    db,
    jobs: infra.jobs,
    box: createSecretBox(purposeKey(resolveAuthSecret(config), 'webhooks')),
    enqueueEmail,
    publicUrl,
    allowLocalUrls: config.env !== 'production',
    now,
    log: infra.log.child({ component: 'webhooks' }),
  });
  const storage: FileStorage = storageFromConfig(config);
  const logError = (details: object, message: string) => infra.log.error(details, message);

  const pricing = createPricingService({ loadSnapshot: () => loadPricingSnapshot(db), now });
  infra.settingsChanged.on(() => pricing.invalidate());
  // The order page's snapshot of the settings: dropped as soon as a change commits.
  infra.settingsChanged.on(() => settingsSnapshot(db).invalidate());

  // Every committed move or change of an order, made through the mover in this process (other
  // processes' changes arrive as database notifications; see app.ts).
  const orderChanged = createSignal<string>('order changed', infra.log);
  const integrations = createIntegrationsService({
    db,
    box: createSecretBox(purposeKey(resolveAuthSecret(config), 'integrations')),
    now,
    testers: {
      deriv: derivTester(db),
      pix: (integration) => pixDeposits.test(integration),
    },
    afterSave: async (provider) => {
      if (provider !== 'pix') return;
      // the PSP is told where to POST received PIX whenever the settings change with deposits on
      await pixDeposits.registerWebhook().catch((error: unknown) => {
        infra.log.warn({ err: error }, 'the PIX webhook could not be registered with the PSP');
      });
    },
  });
  // The payment agent's Deriv connection, as the Deriv integration is configured now.
  const derivAgents = createDerivAgents(() => integrations.read('deriv'), {
    timeoutMs: DERIV_TIMEOUT_MS,
  });
  const { mover, payouts } = buildOrderMoving({
    db,
    jobs: infra.jobs,
    lock: createPayoutLock(infra.handle),
    exchange: exchangeClientFromConfig(config.exchange, {
      timeoutMs: PAYOUT_EXCHANGE_TIMEOUT_MS,
    }),
    rails: [
      createDerivRail({
        agent: derivAgents.current,
        now,
        // the Integrations page shows that Deriv refused the token (decision 048)
        tokenRefused: (error) =>
          integrations
            .recordProblem('deriv', 'token_refused', `${error.code}: ${error.derivMessage}`)
            .catch((err: unknown) => {
              infra.log.error({ err }, 'a refused Deriv token could not be recorded');
            }),
      }),
      // the PSP client is pixDeposits' (one client, one token; read at call time)
      createPixRail({ client: () => pixDeposits.sender(), brandName: config.brandName }),
    ],
    enqueueEmail,
    publicUrl,
    now,
    log: infra.log.child({ component: 'payouts' }),
    committed: [(orderId) => orderChanged.emit(orderId)],
    observers: infra.observePayout ? [createPayoutTiming(infra.observePayout)] : [],
    notifications,
    webhooks,
  });

  // the anti-money-laundering rules, run in the transactions of their facts (decision 066)
  const compliance = createComplianceService({
    db,
    now,
    publicUrl,
    // admins have no e-mail of their own: the reminder goes to the back office's support address
    queueReminder: async (tx, reminder) => {
      const support = (await readSettings(tx)).supportEmail?.trim();
      if (!support) return;
      await enqueueEmail(tx, support, { kind: 'coaf-reminder', ...reminder }, OPERATORS_LOCALE);
    },
  });

  // every provider's report of money received goes through this one door (decision 036)
  const incomingPayments = createIncomingPayments({
    db,
    mover,
    now,
    log: infra.log.child({ component: 'incoming-payments' }),
    decided: (tx, payment, order) => compliance.paymentDecided(tx, payment, order),
  });
  const pixDeposits = createPixDeposits({
    db,
    jobs: infra.jobs,
    mover,
    payments: incomingPayments,
    readIntegration: () => integrations.read('pix'),
    publicUrl,
    now,
    log: infra.log.child({ component: 'pix-deposits' }),
  });

  const orders = createOrdersService({
    db,
    mover,
    pixCharges: pixDeposits,
    enqueueEmail,
    publicUrl,
    storage,
    pricing,
    quoteKey: quoteKey(resolveAuthSecret(config)),
    now,
    logError,
    demo: config.demoProviders,
    created: async (tx, order, settings) => {
      await compliance.orderCreated(tx, order, settings);
      await webhooks.queueOrderEvent(tx, {
        type: 'order.created',
        orderId: order.id,
        userId: order.userId,
      });
    },
  });
  // The order pages' live streams, told of changes by the database's notifications (app.ts),
  // or by this process's own while those are not heard (decision 031).
  const orderStreams = createOrderStreams({
    readView: (orderId, userId) => orders.page(userId, orderId).catch(nullOn404),
    log: infra.log,
  });
  const adminOrders = createAdminOrdersService({
    db,
    mover,
    enqueueEmail,
    publicUrl,
    storage,
    now,
    logError,
  });

  return {
    auth: createAuthService({
      db,
      cookies: authKeys.cookies,
      twoFactorCipher: authKeys.twoFactorCipher,
      publicUrl,
      now,
      sendEmail,
      enqueueEmail,
      logError,
    }),
    customerTwoFactor: createCustomerTwoFactorService({
      db,
      cookies: authKeys.cookies,
      twoFactorCipher: authKeys.twoFactorCipher,
      brandName: config.brandName,
      publicUrl,
      now,
      enqueueEmail,
    }),
    adminAccounts: createAdminAccountsService({
      db,
      cookies: authKeys.cookies,
      twoFactorCipher: authKeys.twoFactorCipher,
      brandName: config.brandName,
      sendEmail,
      publicUrl,
      now,
    }),
    documents: createDocumentsService({
      db,
      storage,
      logError,
      now,
      // a document to review: the operators' alert (decision 060)
      uploaded: (tx, document) =>
        notifications.queueAdminAlert(tx, {
          alert: 'document_to_review',
          entityId: document.id,
          reference: null,
        }),
    }),
    partners: createPartnersService({ db, now }),
    settings: createSettingsService({
      db,
      now,
      changed: infra.settingsChanged,
      exchangeConfigured: Boolean(config.exchange.apiKey && config.exchange.apiSecret),
    }),
    wallets: createWalletsService({ db }),
    catalogue: createCatalogueService({ db, now, invalidate: () => pricing.invalidate() }),
    catalogueExchange: createCatalogueExchange({
      db,
      exchange: exchangeClientFromConfig(config.exchange),
      now,
      invalidate: () => pricing.invalidate(),
    }),
    dashboard: createDashboardService({ db, now }),
    reviews: createReviewsService({ db }),
    privacy: createPrivacyService({ db, now, publicUrl }),
    audit: createAuditService({ db }),
    contact: createContactService({
      db,
      now,
      enqueueEmail,
      warn: (details, message) => infra.log.warn(details, message),
    }),
    contactInbox: createContactInboxService({ db, now }),
    storage,
    pricing,
    // the public rates feed, priced by the same service (decision 058)
    rates: createRatesService({ db, pricing, now }),
    orderChanged,
    orderStreams,
    // order tracking without signing in: the owner's view, read-only (decision 059)
    tracking: createTrackingService({
      db,
      enqueueEmail,
      readView: (userId, orderId) => orders.page(userId, orderId),
      now,
      logError,
    }),
    mover,
    payouts,
    // the approvals and releases of automatic payouts held by the risk limits (decision 043)
    payoutRisk: createPayoutRisk({
      db,
      jobs: infra.jobs,
      mover,
      now,
      log: infra.log.child({ component: 'payout-risk' }),
    }),
    // what only a person closes: a payout made twice (decision 048)
    payoutExceptions: createPayoutExceptions({ db, mover, now }),
    // every provider's report of money received goes through this one door (decision 036)
    incomingPayments,
    // crypto in: the exchange's deposit history, reported through that door (decision 039)
    cryptoDeposits: createCryptoDepositWatcher({
      db,
      exchange: exchangeClientFromConfig(config.exchange, {
        timeoutMs: DEPOSIT_HISTORY_TIMEOUT_MS,
      }),
      incomingPayments,
      now,
      log: infra.log.child({ component: 'crypto-deposits' }),
    }),
    derivAgents,
    derivDeposits: createDerivDeposits({
      db,
      agent: derivAgents.current,
      incoming: incomingPayments,
      now,
      log: infra.log.child({ component: 'deriv-deposits' }),
    }),
    // the back office's inbox of what no order took (refunds at the provider: not plugged yet)
    paymentsInbox: createPaymentsInboxService({
      db,
      mover,
      now,
      // the inbox's refunds through the PSP: the automatic refunds' own devolução (decision 048)
      refundAtProvider: {
        available: async (payment) =>
          payment.provider === 'pix' && (await pixDeposits.refundsAvailable()),
        refundIdOf: (payment) => refundIdFor(payment.externalId),
        queue: (tx, paymentId) => pixDeposits.queueRefund(tx, paymentId),
        attempt: (paymentId) => pixDeposits.attemptRefund(paymentId),
      },
    }),
    // PIX in: a charge per order, the PSP's webhook and reconciliation (decision 041)
    pixDeposits,
    orders,
    adminOrders,
    notifications,
    webhooks,
    orderJobs: { db, mover, logError },
    integrations,
    treasury: createTreasuryService({ db }),
    // the daily reconciliation report (decision 046): read-only
    reconciliation: createReconciliationService({ db, now }),
    // the DeCripto monthly report to the Receita Federal (decision 067)
    decripto: createDecriptoService({
      db,
      storage,
      now,
      enqueueEmail: infra.enqueueEmail,
      publicUrl,
      log: infra.log.child({ component: 'decripto' }),
    }),
    compliance,
  };
}

export type Services = ReturnType<typeof buildServices>;

/** null for an answer of 404 (the order is gone, or no longer the reader's), else the error. */
function nullOn404(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}
