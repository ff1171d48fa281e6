import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewListQuerySchema,
  adminReviewPageSchema,
  adminReviewSchema,
  myReviewListQuerySchema,
  myReviewPageSchema,
  myReviewSchema,
  publicReviewPageSchema,
  publicReviewQuerySchema,
  reviewCreateSchema,
  reviewIdParamsSchema,
  reviewVisibleSchema,
  reviewableOrderListSchema,
} from '@permuta/contracts';
import { requireAdmin, requireCustomer, signedIn } from '../auth/guards.ts';
import type { ReviewsService } from './reviews.service.ts';
import type { Caller } from './reviews.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 422);

function callerOf(request: FastifyRequest): Caller {
  const auth = signedIn(request);
  return { userId: auth.userId, ip: request.ip };
}

/**
 * Reviews (docs in packages/contracts/src/reviews.ts): the customer's reviews of their completed
 * orders, the public testimonials with their summary, and the back office's moderation.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewsService }> = async (
  app,
  { service },
) => {
  // --- customer -------------------------------------------------------------------------

  app.get(
    '/api/v1/me/reviewable-orders',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyReviewableOrders',
        tags: ['reviews'],
        summary: 'My completed orders that I can still review',
        description: 'Completed orders of the caller without a review, newest first (at most 100).',
        response: { 200: reviewableOrderListSchema, ...errors },
      },
    },
    async (request) => ({ items: await service.reviewableOrders(callerOf(request).userId) }),
  );

  app.post(
    '/api/v1/me/reviews',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'createReview',
        tags: ['reviews'],
        summary: 'Review one of my completed orders',
        description:
          'Rating 1 to 5 and a text of 10 to 1000 characters (trimmed). One review per order: 404 REVIEW_ORDER_NOT_FOUND for an order that is not mine, 422 REVIEW_ORDER_NOT_COMPLETED while the order is not completed, 409 REVIEW_EXISTS once reviewed. Published at once.',
        body: reviewCreateSchema,
        response: { 201: myReviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.get(
    '/api/v1/me/reviews',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyReviews',
        tags: ['reviews'],
        summary: 'My reviews',
        description: 'Newest first, with the order reference and whether the public sees it.',
        querystring: myReviewListQuerySchema,
        response: { 200: myReviewPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.myReviews(callerOf(request).userId, request.query);
    },
  );

  // --- public ---------------------------------------------------------------------------

  app.get(
    '/api/v1/reviews',
    {
      schema: {
        operationId: 'listPublicReviews',
        tags: ['reviews'],
        summary: 'Published reviews (testimonials)',
        description:
          'Visible reviews only, newest first, `limit` per page, each signed with the first name and the initial of the last name. `summary`: the average of every visible review rounded to one decimal, their count and how many gave each number of stars. Never cached, so a hidden review disappears at once.',
        querystring: publicReviewQuerySchema,
        response: { 200: publicReviewPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.publicPage(request.query);
    },
  );

  // --- back office ----------------------------------------------------------------------

  const adminTags = ['admin-reviews'];

  app.get(
    '/api/v1/admin/reviews',
    {
      config: { adminRole: 'operator' },
      onRequest: requireAdmin,
      schema: {
        operationId: 'listReviews',
        tags: adminTags,
        summary: 'Every review, filtered',
        description:
          'By visibility, rating, text (words of the review, the customer name or e-mail, the order reference) and date written (`from`/`to`: days in Brazil). Newest first, paginated.',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewPageSchema, ...errors },
      },
    },
    async (request) => service.adminList(request.query),
  );

  app.put(
    '/api/v1/admin/reviews/:id/visible',
    {
      config: { adminRole: 'operator' },
      onRequest: requireAdmin,
      schema: {
        operationId: 'setReviewVisible',
        tags: adminTags,
        summary: 'Hide a review from the public pages, or show it again',
        description: 'Writes an audit entry (before and after) with the change.',
        params: reviewIdParamsSchema,
        body: reviewVisibleSchema,
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    async (request) =>
      service.setVisible(callerOf(request), request.params.id, request.body.visible),
  );

  app.delete(
    '/api/v1/admin/reviews/:id',
    {
      config: { adminRole: 'operator' },
      onRequest: requireAdmin,
      schema: {
        operationId: 'deleteReview',
        tags: adminTags,
        summary: 'Delete a review',
        description: 'For good; the audit entry keeps what it said.',
        params: reviewIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
