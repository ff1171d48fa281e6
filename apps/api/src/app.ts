import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDb, isInMemoryDataDir, migrate } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { isAppPath } from '@permuta/contracts/route-match';
import type { AppConfig } from './config.ts';
import backupChannel from './plugins/backup-channel.ts';
import database from './plugins/database.ts';
import errors, { sendError } from './plugins/errors.ts';
import metrics from './plugins/metrics.ts';
import tracing from './plugins/tracing.ts';
import openapi from './plugins/openapi.ts';
import security from './plugins/security.ts';
import sameOrigin from './plugins/same-origin.ts';
import inputText from './plugins/input-text.ts';
import mail from './plugins/mail.ts';
import jobs from './plugins/jobs.ts';
import web, { loadWebBuild } from './plugins/web.ts';
import { outboxDirFor } from './adapters/mail/mailer.ts';
import authPlugin from './modules/auth/auth.plugin.ts';
import { resolveAuthSecret } from './modules/auth/auth.secret.ts';
import { adminAccountsRoutes } from './modules/admin-accounts/admin-accounts.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { customerTwoFactorRoutes } from './modules/auth/customer-two-factor.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { partnerApiRoutes } from './modules/partners/partner-api.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { STORAGE_CHECK_TTL_MS, cachedCheck } from './lib/cached-check.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { ratesRoutes } from './modules/rates/rates.routes.ts';
import { walletRoutes } from './modules/wallets/wallets.routes.ts';
import { catalogueRoutes, workCatalogueJobs } from './modules/catalogue/catalogue.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { workOrderJobs } from './modules/orders/order-jobs.ts';
import { workPixDepositJobs } from './modules/payments/pix-deposits.worker.ts';
import { pixWebhookRoutes } from './modules/payments/pix-webhook.routes.ts';
import { workPayoutJobs } from './modules/payouts/payouts.worker.ts';
import { workCryptoDepositJobs } from './modules/payments/crypto-deposits.watcher.ts';
import { workDerivDeposits } from './modules/payments/deriv-deposits.ts';
import { payoutRiskRoutes } from './modules/payouts/payout-risk.routes.ts';
import { workPayoutRiskJobs } from './modules/payouts/payout-risk.ts';
import { treasuryRoutes } from './modules/treasury/treasury.routes.ts';
import { drainConnections } from './drain.ts';
import { buildServices } from './services.ts';
import type { Services } from './services.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { createSettingsChanged } from './lib/settings-changed.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { contactInboxRoutes } from './modules/contact/contact.inbox.routes.ts';
import { paymentsInboxRoutes } from './modules/payments/payments-inbox.routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import { decriptoRoutes } from './modules/decripto/decripto.routes.ts';
import { workDecriptoJobs } from './modules/decripto/decripto.worker.ts';
import { complianceRoutes } from './modules/compliance/compliance.routes.ts';
import { workComplianceJobs } from './modules/compliance/compliance.worker.ts';
import {
  adminNotificationRoutes,
  customerNotificationRoutes,
  telegramWebhookRoutes,
} from './modules/notifications/notifications.routes.ts';
import { workNotificationJobs } from './modules/notifications/notifications.worker.ts';
import { ownerWebhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { workWebhookJobs } from './modules/webhooks/webhooks.worker.ts';
import { demoRoutes } from './demo/demo.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { readBusinessFigures } from './modules/operations/figures.repository.ts';
import type { DemoProviders } from './demo/demo-providers.ts';

export interface BuildAppOptions {
  /** an open database (tests share one); otherwise the app opens and closes its own */
  db?: DbHandle;
  /** serve the built web app from config.webDistDir when it exists (default true) */
  serveWeb?: boolean;
  /** pino logger options or false; default from config */
  logger?: boolean | object;
  now?: () => Date;
  /** the request rate limit's window (default one minute); tests shorten it */
  rateLimitWindowMs?: number;
  /**
   * where the rate limit counts without REDIS_URL (default: the database on PostgreSQL, memory
   * on PGlite); tests run the database store on PGlite too
   */
  rateLimitStore?: 'database' | 'memory';
  /**
   * the development demo's fake providers, started by demo-gate.ts (decision 045): the app is
   * pointed at them and registers the "simulate payment" route; they close with the app
   */
  demo?: DemoProviders | null;
}

/**
 * The whole API as one Fastify instance, without listen(): server.ts starts it, tests inject
 * into it. Opens the database and applies migrations when it was not given one.
 */
export async function buildApp(
  appConfig: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // One secret for the whole process (sessions, two-factor secrets, quote tokens), kept across
  // restarts when not given (see auth.secret.ts).
  const demo = appConfig.env === 'production' ? null : (options.demo ?? null);
  const config: AppConfig = {
    ...appConfig,
    authSecret: resolveAuthSecret(appConfig),
    // the demo's providers run only when started (demo-gate.ts); then the exchange is theirs
    demoProviders: demo !== null,
    ...(demo ? { exchange: demo.exchangeConfig } : {}),
  };
  const app = Fastify({
    logger:
      options.logger ??
      (config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
          }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // a stop drains the connections itself (drain.ts, decision 055): no 503 to a request on a
    // kept-alive connection while closing (it is served, with `Connection: close`), and idle
    // connections are not dropped the moment the stop begins
    forceCloseConnections: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, for the authorization matrix test and the docs.
  const routeTable: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method: String(method), url: route.url });
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A span per request over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 052).
  await app.register(tracing, { tracing: config.tracing });
  // which instance answered (behind a load balancer); on the raw response, so that the streams
  // that write their own head (server-sent events) carry it too
  const instanceId = config.instanceId;
  if (instanceId)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('x-instance', instanceId);
      done();
    });

  const handle =
    options.db ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.db) await migrate(handle);
  await app.register(database, { handle, ownsHandle: !options.db });
  // the embedded database answers `npm run backup` (decision 051)
  if (handle.pglite && !isInMemoryDataDir(config.dataDir)) {
    await app.register(backupChannel, { pglite: handle.pglite, dataDir: config.dataDir });
  }

  const webBuild = options.serveWeb === false ? null : loadWebBuild(config.webDistDir);
  await app.register(errors);
  // NUL characters and lone surrogates are refused for every route, before any schema runs.
  await app.register(inputText);
  await app.register(security, {
    inlineScriptHashes: webBuild?.inlineScriptHashes ?? [],
    rateLimitPerMinute: config.rateLimitPerMinute,
    ...(options.rateLimitWindowMs ? { rateLimitWindowMs: options.rateLimitWindowMs } : {}),
    // Redis when configured; else the database, except the embedded one: a single process by
    // nature, where an upsert per request on its one connection costs far more (decision 050)
    rateLimitStore: config.redisUrl
      ? { kind: 'redis', url: config.redisUrl, keyPrefix: config.redisKeyPrefix }
      : (options.rateLimitStore ?? (handle.kind === 'pglite' ? 'memory' : 'database')) ===
          'database'
        ? { kind: 'database', db: handle.db }
        : { kind: 'memory' },
    production: config.env === 'production',
  });
  // A state-changing request with the session cookie must come from the product's own pages.
  await app.register(sameOrigin, { allowedOrigins: config.allowedOrigins });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(metrics, {
    token: config.metricsToken,
    readFigures: () => readBusinessFigures(handle.db),
  });
  await app.register(openapi, { brandName: config.brandName, publicUrl: config.publicUrl });

  // app.storage is decorated below, with the services; the probe runs only once the app is ready.
  // Its answer is kept a few seconds: probes do not ask the bucket each time.
  await app.register(healthRoutes, {
    handle,
    checkStorage: cachedCheck(() => app.storage.check(), { ttlMs: STORAGE_CHECK_TTL_MS }),
  });
  const now = options.now ?? (() => new Date());
  await app.register(mail, {
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: outboxDirFor(config.dataDir),
    brandName: config.brandName,
  });
  // Background jobs: after the database and mail (its onClose runs before theirs), before features.
  await app.register(jobs, {
    workers: config.jobsWorkers,
    stopTimeoutMs: Math.floor(config.shutdownTimeoutMs / 2),
  });
  await app.register(authPlugin, { config, now });
  // Emitted after a committed change of the settings; modules holding a copy subscribe.
  app.decorate('settingsChanged', createSettingsChanged(app.log));
  // The composition root: every service built once (services.ts), handed to routes and jobs.
  const services = buildServices(
    {
      db: app.db,
      handle,
      jobs: app.jobs,
      enqueueEmail: (db, to, template, locale) => app.enqueueEmail(db, to, template, locale),
      sendEmail: (to, template, locale) => app.sendEmail(to, template, locale),
      authKeys: app.authKeys,
      sessions: app.sessions,
      settingsChanged: app.settingsChanged,
      log: app.log,
      observePayout: (seconds, how) => app.businessMetrics.payoutDuration(seconds, how),
    },
    config,
    now,
  );
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.derivAgents.close();
  });
  app.decorate('pricing', services.pricing);
  app.decorate('storage', services.storage);
  app.addHook('onClose', async () => {
    await services.storage.close();
  });
  await listenForOrderChanges(app, services);
  app.addHook('onReady', async () => {
    await workOrderJobs(app.jobs, services.orderJobs, now);
    await workPayoutJobs(app.jobs, services.payouts, app.log);
    await workDerivDeposits(app.jobs, services.derivDeposits);
    await workPayoutRiskJobs(app.jobs, services.payoutRisk, app.log);
    await workCatalogueJobs(app.jobs, services.catalogueExchange, app.log);
    await workCryptoDepositJobs(app.jobs, services.cryptoDeposits);
    await workPixDepositJobs(app.jobs, services.pixDeposits, app.log);
    await workNotificationJobs(app.jobs, services.notifications, app.log);
    await workDecriptoJobs(app.jobs, services.decripto);
    await workComplianceJobs(app.jobs, services.compliance);
    await workWebhookJobs(app.jobs, services.webhooks, app.log);
    // Telegram is told where to POST the bot's updates (decision 060); a failure is retried at
    // the next start and leaves everything else working
    if (config.telegram && config.jobsWorkers) {
      await services.notifications.registerWebhook().catch((error: unknown) => {
        app.log.warn({ err: error }, 'the Telegram webhook could not be registered');
      });
    }
  });

  // Feature modules: each registers its routes with the services it uses (docs/*-api.md).
  await app.register(documentRoutes, { service: services.documents });
  await app.register(adminAccountsRoutes, { service: services.adminAccounts });
  await app.register(authRoutes, {
    now,
    rateLimitPerMinute: config.rateLimitPerMinute,
    service: services.auth,
  });
  await app.register(customerTwoFactorRoutes, {
    service: services.customerTwoFactor,
    auth: services.auth,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  await app.register(pricingRoutes, { pricing: services.pricing });
  await app.register(ratesRoutes, { rates: services.rates });
  await app.register(walletRoutes, { service: services.wallets });
  await app.register(catalogueRoutes, {
    service: services.catalogue,
    exchange: services.catalogueExchange,
  });
  await app.register(payoutRiskRoutes, {
    risk: services.payoutRisk,
    exceptions: services.payoutExceptions,
    orders: services.adminOrders,
  });
  await app.register(orderRoutes, {
    orders: services.orders,
    streams: services.orderStreams,
    adminOrders: services.adminOrders,
    brandName: config.brandName,
    allowedOrigins: config.allowedOrigins,
    now,
  });
  await app.register(partnersRoutes, { service: services.partners });
  await app.register(partnerApiRoutes, {
    partners: services.partners,
    orders: services.orders,
    webhooks: services.webhooks,
    wallets: services.wallets,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  await app.register(ownerWebhookRoutes, { service: services.webhooks });
  await app.register(treasuryRoutes, { treasury: services.treasury });
  await app.register(settingsRoutes, { service: services.settings });
  await app.register(integrationsRoutes, { service: services.integrations });
  await app.register(pixWebhookRoutes, {
    deposits: services.pixDeposits,
    now,
    log: app.log.child({ component: 'pix-webhook' }),
  });
  await app.register(dashboardRoutes, { service: services.dashboard });
  await app.register(reviewRoutes, { service: services.reviews });
  await app.register(privacyRoutes, { service: services.privacy, cookies: app.authKeys.cookies });
  await app.register(auditRoutes, { service: services.audit });
  await app.register(contactInboxRoutes, { service: services.contactInbox });
  await app.register(paymentsInboxRoutes, { service: services.paymentsInbox });
  await app.register(reconciliationRoutes, { service: services.reconciliation });
  await app.register(decriptoRoutes, { service: services.decripto });
  await app.register(complianceRoutes, { service: services.compliance });
  await app.register(customerNotificationRoutes, { service: services.notifications });
  await app.register(adminNotificationRoutes, { service: services.notifications });
  await app.register(telegramWebhookRoutes, { service: services.notifications });
  // Public site: the contact form, and the sitemap and robots.txt.
  await app.register(contactRoutes, { service: services.contact });
  await app.register(seoRoutes, { publicUrl: config.publicUrl });
  await app.register(trackingRoutes, {
    service: services.tracking,
    streams: services.orderStreams,
    allowedOrigins: config.allowedOrigins,
    production: config.env === 'production',
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  if (demo) {
    await app.register(demoRoutes, { demo, services });
    app.addHook('onClose', async () => demo.close());
  }

  if (webBuild) await app.register(web, { build: webBuild, isAppPath });
  app.setNotFoundHandler(async (request, reply) => {
    if (webBuild && (await app.serveWebPage(request, reply))) return reply;
    return sendError(request, reply, 404, 'ROUTE_NOT_FOUND', {
      path: request.url.split('?')[0] ?? '/',
    });
  });

  // last of the preClose hooks (after the order streams end): stop accepting, then drain
  app.addHook('preClose', async () => {
    await drainConnections(app.server, config.shutdownDrainMs);
  });

  return app;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * The order pages' live streams hear of changes from anywhere (this process, a job, another
 * instance, SQL by hand) through the database's notifications (migration 0005). While those are
 * not heard (the listening connection is lost), this process's own changes are told directly, so
 * each change is read once; when listening again, every open stream is read again, for what was
 * missed meanwhile. The streams end when the server closes.
 */
async function listenForOrderChanges(app: FastifyInstance, services: Services): Promise<void> {
  const streams = services.orderStreams;
  let heard = false;
  services.orderChanged.on((id) => {
    if (!heard) streams.changed(id);
  });
  const unlisten = await app.dbHandle.listen(
    {
      order_changed: (id) => streams.changed(id),
      catalogue_changed: () => streams.changed('*'),
    },
    (listening) => {
      heard = listening;
      if (listening) streams.changed('*');
      else app.log.warn('order changes of other instances not heard for now');
    },
  );
  app.addHook('preClose', async () => {
    streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
    /** every service of the API, built once (services.ts); tests reach them here */
    services: Services;
    pricing: Services['pricing'];
    /** uploaded files (documents, payout proofs): never served from a public path */
    storage: Services['storage'];
  }
}
