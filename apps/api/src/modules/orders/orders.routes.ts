import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts';
import storagePlugin from '../../plugins/storage.ts';
import { resolveAuthSecret } from '../auth/auth.secret.ts';
import type { ModuleOptions } from '../module-options.ts';
import { withAutomaticPayouts } from '../payouts/payouts.worker.ts';
import { treasuryRoutes } from '../treasury/treasury.routes.ts';
import { createTreasuryService } from '../treasury/treasury.service.ts';
import {
  AUTO_COMPLETE_ORDERS_QUEUE,
  EXPIRE_ORDERS_QUEUE,
  autoCompleteOrders,
  expireOrders,
} from './order-jobs.ts';
import type { OrderJobsDeps } from './order-jobs.ts';
import type { MoveDeps } from './order-transition.ts';
import { adminOrderRoutes } from './orders.admin.routes.ts';
import { createAdminOrdersService } from './orders.admin.service.ts';
import { customerOrderRoutes } from './orders.customer.routes.ts';
import { customerReceiptRoutes } from './receipts.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { createOrderPageCache } from './order-page-cache.ts';
import { quoteKey } from './quote-token.ts';
import { settingsSnapshot } from './settings-snapshot.ts';

/**
 * Orders from quote to payout and the treasury (docs/orders-api.md): the customer's routes, the
 * back office's order desk and treasury, and the jobs that expire unpaid orders and complete
 * paid ones (every minute).
 */
export const orderRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, now }) => {
  // Multipart only for this module's routes; one file of the documents' size limit.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_DOCUMENT_BYTES + 1,
      files: 1,
      fields: 4,
      fieldSize: 2048,
      parts: 5,
      headerPairs: 20,
    },
  });
  await app.register(storagePlugin, { dataDir: config.dataDir });
  // The order page's snapshot of the settings: dropped as soon as a change commits.
  app.settingsChanged.on(() => settingsSnapshot(app.db).invalidate());

  // The order page's kept reads: dropped by this process's own changes as they commit, and by
  // the database's notifications of any change (migration 0005); none kept while not listening.
  const pages = createOrderPageCache();
  const unlisten = await app.dbHandle.listen(
    {
      order_changed: (id) => (id === '*' ? pages.forgetAll() : pages.forget(id)),
      catalogue_changed: () => pages.forgetAll(),
    },
    (listening) => {
      pages.listening(listening);
      if (!listening) app.log.warn('order changes not heard: order pages are read every time');
    },
  );
  app.addHook('onClose', async () => {
    await unlisten();
  });

  const logError = (details: object, message: string) => app.log.error(details, message);
  const moveDeps: MoveDeps = {
    ...withAutomaticPayouts(
      app,
      { config, now },
      {
        enqueueEmail: (tx, to, template, locale) => app.enqueueEmail(tx, to, template, locale),
        publicUrl: config.publicUrl,
      },
    ),
    committed: (orderId) => pages.forget(orderId),
  };

  const orders = createOrdersService({
    ...moveDeps,
    db: app.db,
    storage: app.storage,
    pricing: app.pricing,
    quoteKey: quoteKey(resolveAuthSecret(config)),
    sessions: app.sessions,
    pages,
    now,
    logError,
  });
  const adminOrders = createAdminOrdersService({
    ...moveDeps,
    db: app.db,
    storage: app.storage,
    now,
    logError,
  });

  await app.register(customerOrderRoutes, { orders });
  await app.register(customerReceiptRoutes, { db: app.db, brand: config.brandName, now });
  await app.register(adminOrderRoutes, {
    orders: adminOrders,
    allowedOrigins: config.allowedOrigins,
  });
  await app.register(treasuryRoutes, { treasury: createTreasuryService({ db: app.db }) });

  const jobDeps: OrderJobsDeps = { ...moveDeps, db: app.db, logError };
  app.addHook('onReady', async () => {
    await app.jobs.work(EXPIRE_ORDERS_QUEUE, async () => {
      await expireOrders(jobDeps, now());
    });
    await app.jobs.work(AUTO_COMPLETE_ORDERS_QUEUE, async () => {
      await autoCompleteOrders(jobDeps, now());
    });
    await app.jobs.schedule(EXPIRE_ORDERS_QUEUE, '* * * * *');
    await app.jobs.schedule(AUTO_COMPLETE_ORDERS_QUEUE, '* * * * *');
  });
};
