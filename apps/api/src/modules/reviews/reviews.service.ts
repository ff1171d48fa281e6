import type { Db } from '@permuta/db';
import { reviewSummary } from '@permuta/contracts';
import type {
  AdminReview,
  AdminReviewPage,
  MyReview,
  MyReviewPage,
  PublicReviewPage,
  ReviewCreate,
  ReviewableOrder,
  adminReviewListQuerySchema,
} from '@permuta/contracts';
import type { z } from 'zod';
import { AppError, notFound, unprocessable } from '../../lib/app-error.ts';
import { boundary } from '../../lib/date-filter.ts';
import { writeAudit } from '../../lib/audit.ts';
import * as repo from './reviews.repository.ts';

/** Who is calling: the signed-in customer or admin, and from where (for the audit log). */
export interface Caller {
  userId: string;
  ip: string;
}

export interface ReviewsDeps {
  db: Db;
}

const reviewNotFound = () => notFound('REVIEW_NOT_FOUND');

/**
 * Reviews: a customer reviews each completed order of their own once; the public reads the
 * visible ones with their summary, straight from the database on every request (nothing cached,
 * so a review an admin hides leaves the public pages at once); admins hide, show and delete, each
 * change written with its audit entry in one transaction.
 */
export function createReviewsService({ db }: ReviewsDeps) {
  return {
    reviewableOrders(userId: string): Promise<ReviewableOrder[]> {
      return repo.listReviewableOrders(db, userId);
    },

    /** 404 for an unknown order or someone else's, 422 while not completed, 409 once reviewed. */
    create(caller: Caller, input: ReviewCreate): Promise<MyReview> {
      return db.transaction(async (tx) => {
        const order = await repo.findOwnOrder(tx, caller.userId, input.orderId);
        if (!order) throw notFound('REVIEW_ORDER_NOT_FOUND');
        if (order.status !== 'completed') {
          throw unprocessable(
            'REVIEW_ORDER_NOT_COMPLETED',
            { reference: order.reference },
            { orderId: 'review.orderNotCompleted' },
          );
        }
        const row = await repo.insertReview(tx, {
          userId: caller.userId,
          orderId: order.id,
          rating: input.rating,
          text: input.text,
        });
        if (!row) {
          throw new AppError(
            'REVIEW_EXISTS',
            409,
            { reference: order.reference },
            { orderId: 'review.exists' },
          );
        }
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'review.created',
          entityType: 'review',
          entityId: row.id,
          ip: caller.ip,
          after: repo.auditReview(row),
        });
        return repo.toMyReview(row, order.reference);
      });
    },

    async myReviews(
      userId: string,
      query: { page: number; pageSize: number },
    ): Promise<MyReviewPage> {
      const { items, total } = await repo.listMyReviews(db, userId, query.page, query.pageSize);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async publicPage(query: { page: number; limit: number }): Promise<PublicReviewPage> {
      const distribution = await repo.visibleDistribution(db);
      const summary = reviewSummary(distribution);
      const items = await repo.listPublicReviews(db, query.page, query.limit);
      return { items, page: query.page, limit: query.limit, total: summary.count, summary };
    },

    async adminList(query: z.output<typeof adminReviewListQuerySchema>): Promise<AdminReviewPage> {
      const { items, total } = await repo.listAdminReviews(
        db,
        {
          visibility: query.visibility,
          rating: query.rating,
          q: query.q?.trim() || undefined,
          from: boundary(query.from, false),
          to: boundary(query.to, true),
        },
        query.page,
        query.pageSize,
      );
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** Hides a review from the public pages or shows it again (no change, no audit entry). */
    setVisible(actor: Caller, id: string, visible: boolean): Promise<AdminReview> {
      return db.transaction(async (tx) => {
        const before = await repo.lockReview(tx, id);
        if (!before) throw reviewNotFound();
        if (before.visible !== visible) {
          const after = await repo.setReviewVisible(tx, id, visible);
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.userId,
            action: visible ? 'review.shown' : 'review.hidden',
            entityType: 'review',
            entityId: id,
            ip: actor.ip,
            before: repo.auditReview(before),
            after: repo.auditReview(after),
          });
        }
        const view = await repo.findAdminReview(tx, id);
        if (!view) throw reviewNotFound();
        return view;
      });
    },

    /** Deletes a review for good (the audit entry keeps what it said). */
    remove(actor: Caller, id: string): Promise<void> {
      return db.transaction(async (tx) => {
        const before = await repo.lockReview(tx, id);
        if (!before) throw reviewNotFound();
        await repo.deleteReview(tx, id);
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: actor.userId,
          action: 'review.deleted',
          entityType: 'review',
          entityId: id,
          ip: actor.ip,
          before: repo.auditReview(before),
        });
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
