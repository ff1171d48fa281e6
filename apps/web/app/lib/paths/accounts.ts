import type { QuoteRequest } from '@permuta/contracts/quote';
import { shellPaths } from './core.ts';

/** URLs of the accounts, back-office accounts and documents features. */
export const accountPaths = {
  tokens: () => '/api/v1/tokens',
  /** the public quote: its input is the query string (network only when chosen) */
  quotes: (request: QuoteRequest) => {
    const params = new URLSearchParams({
      send: request.send,
      receive: request.receive,
      side: request.side,
      amount: request.amount,
    });
    if (request.network) params.set('network', request.network);
    return `/api/v1/quotes?${params}`;
  },
  // accounts (docs/accounts-api.md)
  register: () => '/api/v1/auth/register',
  signIn: () => '/api/v1/auth/sign-in',
  signOut: shellPaths.signOut,
  verifyEmail: () => '/api/v1/auth/verify-email',
  forgotPassword: () => '/api/v1/auth/forgot-password',
  resetPassword: () => '/api/v1/auth/reset-password',
  me: () => '/api/v1/me',
  resendVerification: () => '/api/v1/me/verify-email/resend',
  changePassword: () => '/api/v1/me/password',
  contact: () => '/api/v1/me/contact',
  defaultTokens: () => '/api/v1/me/default-tokens',
  // the customer's own two-factor (decision 061)
  twoFactorSignIn: () => '/api/v1/auth/two-factor',
  ownTwoFactor: () => '/api/v1/me/two-factor',
  ownTwoFactorEnrolment: () => '/api/v1/me/two-factor/enrolment',
  ownTwoFactorConfirm: () => '/api/v1/me/two-factor/confirm',
  ownRecoveryCodes: () => '/api/v1/me/two-factor/recovery-codes',
  ownTwoFactorDisable: () => '/api/v1/me/two-factor/disable',
  // --- back office accounts (admin-accounts feature) ---
  adminSignIn: () => '/api/v1/admin/auth/sign-in',
  adminTwoFactorSignIn: () => '/api/v1/admin/auth/two-factor',
  adminTwoFactorEnable: () => '/api/v1/admin/me/two-factor/enable',
  adminTwoFactorVerify: () => '/api/v1/admin/me/two-factor/verify',
  adminTwoFactorDisable: () => '/api/v1/admin/me/two-factor/disable',
  adminSecurity: () => '/api/v1/admin/security',
  adminAdmins: () => '/api/v1/admin/admins',
  adminAdmin: (id: string) => `/api/v1/admin/admins/${encodeURIComponent(id)}`,
  adminCustomers: (query: { q?: string; status?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.status && query.status !== 'all') params.set('status', query.status);
    if (query.page && query.page > 1) params.set('page', String(query.page));
    const search = params.toString();
    return search ? `/api/v1/admin/customers?${search}` : '/api/v1/admin/customers';
  },
  adminCustomer: (id: string) => `/api/v1/admin/customers/${encodeURIComponent(id)}`,
  adminCustomerActive: (id: string) => `/api/v1/admin/customers/${encodeURIComponent(id)}/active`,
  adminCustomerNationalId: (id: string) =>
    `/api/v1/admin/customers/${encodeURIComponent(id)}/national-id`,
  adminDocumentQueue: (cursor?: string) =>
    `/api/v1/admin/documents${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  adminDocumentFile: (id: string, download = false) =>
    `/api/v1/admin/documents/${encodeURIComponent(id)}/file${download ? '?download=1' : ''}`,
  adminDocumentReview: (id: string) => `/api/v1/admin/documents/${encodeURIComponent(id)}/review`,
  // --- customer documents (documents feature) ---
  myDocuments: () => '/api/v1/me/documents',
  myDocumentUpload: (type: string) => `/api/v1/me/documents/${encodeURIComponent(type)}`,
  myDocumentFile: (id: string) => `/api/v1/me/documents/${encodeURIComponent(id)}/file`,
} as const;
