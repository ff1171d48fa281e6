// The whole schema: tables, enums and relations. drizzle-kit reads this file; `createDb` passes it
// to drizzle so `db.query.*` knows every table.
export * from './enums.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './settings.ts';
export * from './kyc.ts';
export * from './wallets.ts';
export * from './orders.ts';
export * from './treasury.ts';
export * from './reviews.ts';
export * from './audit.ts';
export * from './idempotency.ts';
export * from './contact.ts';
export * from './payments.ts';
export * from './integrations.ts';
export * from './payout-risk.ts';
export * from './limits.ts';
export * from './privacy.ts';
export * from './partners.ts';
export * from './tracking.ts';
export * from './notifications.ts';
export * from './decripto.ts';
export * from './compliance.ts';
export * from './webhooks.ts';
export * from './relations.ts';
