import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, textId, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/** A customer's review of one of their orders (one per order). */
export const reviews = pgTable(
  'reviews',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique('reviews_order_id_unique')
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_user_id_idx').on(t.userId),
    index('reviews_visible_created_at_idx').on(t.visible, t.createdAt.desc().nullsFirst()),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_text_not_blank', sql`length(btrim(${t.text})) > 0`),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
