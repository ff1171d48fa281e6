import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { orderCreateSchema, orderIdParamsSchema } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { readMultipart } from './order-files.ts';
import type { CustomerCaller, OrdersService } from './orders.service.ts';

/**
 * The order-writing handlers behind both the web app's routes (session cookie) and the partner
 * API (API key, decision 057): the same service calls and the same answers; only how the caller
 * is found differs. Each route keeps its own schema, guard and documentation.
 */
export function orderWriteHandlers(
  orders: OrdersService,
  callerOf: (request: FastifyRequest) => CustomerCaller,
) {
  return {
    /** Creates an order; with `Idempotency-Key` a retry gets the first answer and its status. */
    async create(
      request: FastifyRequest<{ Body: z.output<typeof orderCreateSchema> }>,
      reply: FastifyReply,
    ) {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const answer = await orders.create(callerOf(request), request.body, key);
      return reply.status(answer.status as 201).send(answer.body);
    },

    /** The proof of payment: one multipart part `file`, 400 without it. */
    async uploadProof(request: FastifyRequest<{ Params: z.output<typeof orderIdParamsSchema> }>) {
      const upload = await readMultipart(request, []);
      if (!upload.file) throw new AppError('BAD_REQUEST', 400);
      return orders.uploadProof(callerOf(request), request.params.id, upload.file);
    },
  };
}
