/**
 * The long texts of the public site (business page, anti-money laundering policy, privacy
 * policy, terms of service) live in per-locale modules (`<document>.<locale>.ts`) rather than in
 * the i18n catalogues: each page downloads its own text in its own language. Both languages of
 * a document have the same sections (content.test.ts checks it).
 */

/** Numbers and contacts the texts quote, already formatted in the page's language. */
export interface LegalFacts {
  brand: string;
  /** the support address of the settings; null when none is configured or not loaded yet */
  supportEmail: string | null;
  /** when orders are processed, e.g. "Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)" */
  schedule: string;
  /** receive limits per order, when known */
  pixLimits: { min: string; max: string } | null;
  derivLimits: { min: string; max: string } | null;
  /** the boleto's extra fee, when known and above zero */
  boletoFee: string | null;
  /** above this amount a visitor may finish on WhatsApp, e.g. "R$ 200,00" */
  whatsappThreshold: string;
}

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { readonly list: readonly string[] };

export interface LegalSection {
  /** anchor of the section (same in both languages) */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  /** ISO date of the last change of the text */
  updated: string;
  /** the opening paragraph */
  summary: string;
  sections: LegalSection[];
}

export type LegalContent = (facts: LegalFacts) => LegalDocument;

export const LEGAL_DOCUMENTS = ['business', 'pld', 'privacy', 'terms'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];
