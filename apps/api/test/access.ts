/**
 * Who may call a route, for the authorization matrix test (src/authorization.test.ts):
 * - public: anyone, signed in or not
 * - signed-in: any signed-in user (customer or admin)
 * - customer: a signed-in, active customer (e-mail validated or not)
 * - verified: a customer whose e-mail is validated
 * - admin: an admin
 */
export type Access = 'public' | 'signed-in' | 'customer' | 'verified' | 'admin';
