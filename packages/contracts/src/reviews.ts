import { z } from 'zod';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_VISIBILITY_FILTERS } from './review-rules.ts';
import type { RatingDistribution, ReviewSummary } from './review-rules.ts';
import { dateFilterSchema } from './validation.ts';

export * from './review-rules.ts';

/**
 * Reviews and testimonials. A customer reviews a completed order of their own, once per order;
 * the public sees the visible reviews with the customer's first name and the initial of the last
 * name only (never an e-mail or an id); admins hide, show and delete them.
 *
 * Customer:
 * - GET  /api/v1/me/reviewable-orders   reviewableOrderListSchema: completed orders without a review
 * - POST /api/v1/me/reviews             reviewCreateSchema -> 201 myReviewSchema
 *                                       (404 not my order, 409 already reviewed, 422 not completed)
 * - GET  /api/v1/me/reviews             myReviewListQuerySchema -> myReviewPageSchema (newest first)
 * Public:
 * - GET  /api/v1/reviews                publicReviewQuerySchema -> publicReviewPageSchema (visible
 *                                       only, newest first, with the summary of every visible review)
 * Admin:
 * - GET    /api/v1/admin/reviews              adminReviewListQuerySchema -> adminReviewPageSchema
 * - PUT    /api/v1/admin/reviews/:id/visible  reviewVisibleSchema -> adminReviewSchema
 * - DELETE /api/v1/admin/reviews/:id          204
 * Field messages are keys of FIELD_MESSAGES (messages/reviews.ts).
 */

export const reviewRatingSchema = z
  .number({ error: 'rating.required' })
  .int({ error: 'rating.range' })
  .min(1, { error: 'rating.range' })
  .max(5, { error: 'rating.range' });

export const reviewTextSchema = z
  .string({ error: 'reviewText.required' })
  .trim()
  .min(1, { error: 'reviewText.required' })
  .min(REVIEW_TEXT_MIN, { error: 'reviewText.tooShort' })
  .max(REVIEW_TEXT_MAX, { error: 'reviewText.tooLong' });

export const reviewCreateSchema = z
  .object({
    /** the completed order reviewed (its id) */
    orderId: z.uuid({ error: 'reviewOrder.required' }),
    rating: reviewRatingSchema,
    text: reviewTextSchema,
  })
  .meta({ id: 'ReviewCreate' });
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

// --- customer -------------------------------------------------------------------------------

export const reviewableOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  sendToken: z.string(),
  receiveToken: z.string(),
  amountSend: z.string(),
  amountReceive: z.string(),
  createdAt: z.iso.datetime(),
});
export type ReviewableOrder = z.infer<typeof reviewableOrderSchema>;

export const reviewableOrderListSchema = z
  .object({ items: z.array(reviewableOrderSchema) })
  .meta({ id: 'ReviewableOrders' });
export type ReviewableOrderList = z.infer<typeof reviewableOrderListSchema>;

export const myReviewSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderReference: z.string(),
    rating: z.number().int(),
    text: z.string(),
    /** false once an admin hid it from the public pages */
    visible: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof myReviewSchema>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
};

export const myReviewListQuerySchema = z.object({
  ...pageQuery,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const myReviewPageSchema = z
  .object({
    items: z.array(myReviewSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MyReviewPage' });
export type MyReviewPage = z.infer<typeof myReviewPageSchema>;

// --- public ---------------------------------------------------------------------------------

export const publicReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    /** first name and the initial of the last name: "Maria S." */
    author: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const ratingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
}) satisfies z.ZodType<RatingDistribution>;

export const reviewSummarySchema = z
  .object({
    /** mean rating rounded to one decimal (half up); null while there is no review */
    average: z.number().nullable(),
    count: z.number().int(),
    /** how many reviews gave each number of stars */
    distribution: ratingDistributionSchema,
  })
  .meta({ id: 'ReviewSummary' }) satisfies z.ZodType<ReviewSummary>;

export const publicReviewQuerySchema = z.object({
  ...pageQuery,
  /** reviews per page (the home page asks for a few) */
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const publicReviewPageSchema = z
  .object({
    items: z.array(publicReviewSchema),
    page: z.number().int(),
    limit: z.number().int(),
    /** visible reviews in all */
    total: z.number().int(),
    summary: reviewSummarySchema,
  })
  .meta({ id: 'PublicReviewPage' });
export type PublicReviewPage = z.infer<typeof publicReviewPageSchema>;

// --- back office ----------------------------------------------------------------------------

export const adminReviewListQuerySchema = z.object({
  visibility: z.enum(REVIEW_VISIBILITY_FILTERS).default('all'),
  /** only reviews with this many stars */
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** words of the text, the customer's name or e-mail, or the order reference */
  q: z.string().trim().max(200).optional(),
  /** written on or after (ISO date, a whole day in Brazil, or date-time) */
  from: dateFilterSchema.optional(),
  /** written before the end of this day (ISO date) or this instant */
  to: dateFilterSchema.optional(),
  ...pageQuery,
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});
export type AdminReviewListQuery = z.input<typeof adminReviewListQuerySchema>;

export const adminReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    visible: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    order: z.object({ id: z.string(), reference: z.string() }),
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z
  .object({
    items: z.array(adminReviewSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminReviewPage' });
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

export const reviewIdParamsSchema = z.object({ id: z.uuid() });

export const reviewVisibleSchema = z.object({ visible: z.boolean() }).meta({ id: 'ReviewVisible' });
