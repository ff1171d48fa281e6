import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts';
import type { AdminOrdersService } from './orders.admin.service.ts';
import { adminOrderRoutes } from './orders.admin.routes.ts';
import { customerOrderRoutes } from './orders.customer.routes.ts';
import type { OrderStreams } from './order-streams.ts';
import type { OrdersService } from './orders.service.ts';
import { customerReceiptRoutes } from './receipts.routes.ts';

export interface OrderRoutesOptions {
  orders: OrdersService;
  streams: OrderStreams;
  adminOrders: AdminOrdersService;
  brandName: string;
  allowedOrigins: string[];
  now: () => Date;
}

/**
 * Orders from quote to payout (docs/orders-api.md): the customer's routes and receipts and the
 * back office's order desk. The services come built from the composition root (services.ts).
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
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
  await app.register(customerOrderRoutes, { orders: options.orders, streams: options.streams });
  await app.register(customerReceiptRoutes, {
    db: app.db,
    brand: options.brandName,
    now: options.now,
  });
  await app.register(adminOrderRoutes, {
    orders: options.adminOrders,
    allowedOrigins: options.allowedOrigins,
  });
};
