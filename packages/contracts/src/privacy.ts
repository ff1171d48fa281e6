import { z } from 'zod';
import './zod-config.ts';

/**
 * Personal data rights (LGPD art. 18) and consent to the legal documents (decision 063):
 * - GET  /api/v1/me/privacy                 privacyOverviewSchema (retention rules, what blocks deletion)
 * - GET  /api/v1/me/privacy/export          the customer's data as one JSON file (personalDataExportSchema)
 * - POST /api/v1/me/privacy/deletion        deletionRequestSchema -> 204; the account is anonymised
 * - GET  /api/v1/me/consents                consentStatusSchema (current versions, the ones to accept)
 * - POST /api/v1/me/consents                acceptConsentsSchema -> consentStatusSchema
 * - GET  /api/v1/legal-documents            legalDocumentListSchema (current versions, public)
 * - GET  /api/v1/admin/legal-documents      legalDocumentListSchema (every version)
 * - POST /api/v1/admin/legal-documents      publishLegalDocumentSchema -> legalDocumentSchema
 */

export const LEGAL_DOCUMENT_KINDS = ['terms', 'privacy'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

/** The public page of each kind (unprefixed; /en-US in front for English). */
export const LEGAL_DOCUMENT_PATHS = {
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
} as const satisfies Record<LegalDocumentKind, string>;

/** Years the records kept after an anonymisation are held, counted from the end of the relationship. */
export const RETENTION_YEARS = 5;

/**
 * What an anonymisation keeps, and why. The keys name the texts shown to the customer (locales
 * `privacy.retention.<key>`) and appear as such in the export.
 */
export const RETAINED_RECORDS = [
  { key: 'orders', years: RETENTION_YEARS, basis: 'Lei 9.613/1998 art. 10; Resolução COAF' },
  { key: 'ledger', years: RETENTION_YEARS, basis: 'Lei 9.613/1998 art. 10; IN RFB 2.291/2025' },
  { key: 'payments', years: RETENTION_YEARS, basis: 'Lei 9.613/1998 art. 10' },
  { key: 'kyc', years: RETENTION_YEARS, basis: 'Lei 9.613/1998 art. 10; Resolução COAF' },
  {
    key: 'cpf',
    years: RETENTION_YEARS,
    basis: 'Lei 9.613/1998 art. 10 (identificação do cliente)',
  },
  { key: 'audit', years: RETENTION_YEARS, basis: 'LGPD art. 16, I e art. 37' },
  { key: 'consents', years: RETENTION_YEARS, basis: 'LGPD art. 8, § 2º' },
] as const;

/** What an anonymisation erases (texts `privacy.erased.<key>`). */
export const ERASED_RECORDS = [
  'identity',
  'contact',
  'credentials',
  'sessions',
  'wallets',
  'reviews',
  'contactMessages',
] as const;

export const legalDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(LEGAL_DOCUMENT_KINDS),
  version: z.string(),
  path: z.string(),
  summary: z.string(),
  publishedAt: z.iso.datetime(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalDocumentListSchema = z.object({ items: z.array(legalDocumentSchema) });

export const consentStatusSchema = z.object({
  /** the current version of each kind */
  current: z.array(legalDocumentSchema),
  /** the current versions the caller has not accepted yet (empty: nothing to ask) */
  pending: z.array(legalDocumentSchema),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

export const acceptConsentsSchema = z.object({
  documentIds: z.array(z.string().trim().min(1).max(64)).min(1).max(2),
});

export const publishLegalDocumentSchema = z.object({
  kind: z.enum(LEGAL_DOCUMENT_KINDS),
  /** letters, digits, dots and dashes, e.g. 2026-12-01 or v3.1 */
  version: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,39}$/, { error: 'legalVersion.format' }),
  summary: z.string().trim().max(500).default(''),
});

export const deletionRequestSchema = z.object({
  password: z.string().min(1, { error: 'password.required' }).max(200),
});

export const privacyOverviewSchema = z.object({
  retention: z.array(z.object({ key: z.string(), years: z.number(), basis: z.string() })),
  erased: z.array(z.string()),
  /** open orders (not completed, canceled or refunded): deletion waits for them */
  openOrders: z.array(z.object({ reference: z.string(), status: z.string() })),
  canDelete: z.boolean(),
});
export type PrivacyOverview = z.infer<typeof privacyOverviewSchema>;

/** The export: sections of plain records (documented in docs/decisions/063). */
export const personalDataExportSchema = z.object({
  format: z.literal('permuta-personal-data/1'),
  generatedAt: z.iso.datetime(),
  profile: z.record(z.string(), z.unknown()),
  consents: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(z.record(z.string(), z.unknown())),
  wallets: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(z.record(z.string(), z.unknown())),
  documents: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  contactMessages: z.array(z.record(z.string(), z.unknown())),
  auditEntries: z.array(z.record(z.string(), z.unknown())),
  retention: privacyOverviewSchema.shape.retention,
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
