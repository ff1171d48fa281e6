import { betterAuth } from 'better-auth';
import { admin, emailOTP, twoFactor, username } from 'better-auth/plugins';
import { hashPassword, verifyPassword } from '@permuta/db';
import type { Db } from '@permuta/db';
import { authDatabase } from './auth.database.ts';

/** Name of the session cookie (PRODUCT.md: `auth_token`). */
export const SESSION_COOKIE = 'auth_token';
/** Prefix of better-auth's other cookies (the short-lived two-factor cookie of the admin sign-in). */
export const AUTH_COOKIE_PREFIX = 'permuta';
/** 12 h absolute, never refreshed. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** Password-reset code: 6 digits, 15 min, 5 tries. */
export const RESET_CODE_SECONDS = 15 * 60;
export const RESET_CODE_ATTEMPTS = 5;
/** Admin sign-in: 10 wrong two-factor codes in a row lock it for 15 min (better-auth's lockout). */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
/** The header the Fastify bridge fills with the client IP Fastify resolved (trustProxy aware). */
export const CLIENT_IP_HEADER = 'x-real-ip';

export interface AuthInstanceOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  brandName: string;
  production: boolean;
  /** Called by the emailOTP plugin with a password-reset code; must not throw. */
  sendResetCode: (email: string, code: string) => void;
}

/**
 * better-auth, configured for this product. The web app never talks to it directly: the
 * `/api/v1` routes call `auth.api.*`. Its own HTTP handler is not mounted.
 */
export function createAuth(options: AuthInstanceOptions) {
  return betterAuth({
    appName: options.brandName,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    // Session tokens stored hashed; better-auth's writes can join our transactions.
    database: authDatabase(options.db),
    emailAndPassword: {
      enabled: true,
      // Registration is the project's own route (one transaction with the audit entry).
      disableSignUp: true,
      requireEmailVerification: false,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        cpf: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
        birthDate: { type: 'string', required: false, input: false },
        locale: { type: 'string', required: false, input: false, defaultValue: 'pt-BR' },
        termsAcceptedAt: { type: 'date', required: false, input: false },
        active: { type: 'boolean', required: false, input: false, defaultValue: true },
        nationalIdVerified: {
          type: 'boolean',
          required: false,
          input: false,
          defaultValue: false,
        },
        defaultSendToken: { type: 'string', required: false, input: false },
        defaultReceiveToken: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    // The project throttles sign-in itself (per IP and per account, in the database).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // The cookie keeps its plain name in production too; `Secure` comes from the attributes.
      useSecureCookies: false,
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: options.production,
      },
      cookies: { session_token: { name: SESSION_COOKIE } },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      emailOTP({
        otpLength: 6,
        expiresIn: RESET_CODE_SECONDS,
        allowedAttempts: RESET_CODE_ATTEMPTS,
        storeOTP: 'hashed',
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          if (type === 'forget-password') options.sendResetCode(email, otp);
        },
      }),
      twoFactor({
        issuer: options.brandName,
        accountLockout: {
          maxFailedAttempts: TWO_FACTOR_MAX_FAILURES,
          durationSeconds: TWO_FACTOR_LOCK_SECONDS,
        },
      }),
      admin({ defaultRole: 'customer', adminRoles: ['admin'] }),
    ],
    // Passwordless sign-in by e-mail code is not part of the product.
    disabledPaths: ['/sign-in/email-otp'],
  });
}

export type Auth = ReturnType<typeof createAuth>;
