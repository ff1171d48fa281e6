import { relations } from 'drizzle-orm';
import { accounts, sessions, twoFactors, users } from './auth.ts';
import { feeRules, networks, prices, tokens } from './catalogue.ts';
import { documents } from './kyc.ts';
import { orderEvents, orders } from './orders.ts';
import { reviews } from './reviews.ts';
import { treasuryEntries } from './treasury.ts';
import { wallets } from './wallets.ts';

/** Relations for drizzle's relational queries (`db.query.orders.findFirst({ with: ... })`). */
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  twoFactors: many(twoFactors),
  wallets: many(wallets),
  orders: many(orders),
  documents: many(documents, { relationName: 'documentOwner' }),
  reviews: many(reviews),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const twoFactorsRelations = relations(twoFactors, ({ one }) => ({
  user: one(users, { fields: [twoFactors.userId], references: [users.id] }),
}));

export const tokensRelations = relations(tokens, ({ many }) => ({
  networks: many(networks),
  prices: many(prices),
}));

export const networksRelations = relations(networks, ({ one }) => ({
  token: one(tokens, { fields: [networks.tokenId], references: [tokens.id] }),
}));

export const pricesRelations = relations(prices, ({ one }) => ({
  token: one(tokens, { fields: [prices.tokenId], references: [tokens.id] }),
}));

export const feeRulesRelations = relations(feeRules, ({ one }) => ({
  sendToken: one(tokens, {
    fields: [feeRules.sendTokenId],
    references: [tokens.id],
    relationName: 'feeRuleSendToken',
  }),
  receiveToken: one(tokens, {
    fields: [feeRules.receiveTokenId],
    references: [tokens.id],
    relationName: 'feeRuleReceiveToken',
  }),
}));

export const documentsRelations = relations(documents, ({ one }) => ({
  user: one(users, {
    fields: [documents.userId],
    references: [users.id],
    relationName: 'documentOwner',
  }),
  reviewer: one(users, {
    fields: [documents.reviewedBy],
    references: [users.id],
    relationName: 'documentReviewer',
  }),
}));

export const walletsRelations = relations(wallets, ({ one }) => ({
  user: one(users, { fields: [wallets.userId], references: [users.id] }),
  token: one(tokens, { fields: [wallets.tokenId], references: [tokens.id] }),
  network: one(networks, { fields: [wallets.networkId], references: [networks.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  sendToken: one(tokens, {
    fields: [orders.sendTokenId],
    references: [tokens.id],
    relationName: 'orderSendToken',
  }),
  receiveToken: one(tokens, {
    fields: [orders.receiveTokenId],
    references: [tokens.id],
    relationName: 'orderReceiveToken',
  }),
  network: one(networks, { fields: [orders.networkId], references: [networks.id] }),
  wallet: one(wallets, { fields: [orders.walletId], references: [wallets.id] }),
  events: many(orderEvents),
  review: one(reviews, { fields: [orders.id], references: [reviews.orderId] }),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
  order: one(orders, { fields: [reviews.orderId], references: [orders.id] }),
}));

export const treasuryEntriesRelations = relations(treasuryEntries, ({ one }) => ({
  token: one(tokens, { fields: [treasuryEntries.tokenId], references: [tokens.id] }),
  order: one(orders, { fields: [treasuryEntries.orderId], references: [orders.id] }),
}));
