import { z } from 'zod';
import { anyPasswordSchema, sessionResponseSchema, totpSchema } from './accounts.ts';

/**
 * A customer's own two-factor (decision 061): TOTP plus 10 single-use recovery codes, the same
 * machinery as the admins' (decision 033).
 */
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;

/** The state the security page shows. */
export const customerTwoFactorSchema = z.object({
  enabled: z.boolean(),
  /** recovery codes not used yet (0 while off) */
  recoveryCodesLeft: z.number().int(),
});
export type CustomerTwoFactor = z.infer<typeof customerTwoFactorSchema>;

/** Starting an enrolment needs the password. */
export const twoFactorEnrolSchema = z.object({ password: anyPasswordSchema });

/** A new secret, not on until its first code is confirmed. */
export const customerTwoFactorEnrolmentSchema = z.object({
  /** the otpauth URI the QR code carries */
  totpUri: z.string(),
  /** the same secret in base32, for typing into the app by hand */
  secret: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof customerTwoFactorEnrolmentSchema>;

/** A code from the app (or, where accepted, a recovery code). */
export const twoFactorCodeSchema = totpSchema;

/** Recovery codes, shown once. */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  twoFactor: customerTwoFactorSchema,
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor off needs the password and a code. */
export const twoFactorDisableSchema = z.object({
  password: anyPasswordSchema,
  code: totpSchema.shape.code,
});

/** The session a customer's second step opens, with the recovery codes left when one was used. */
export const twoFactorSignInResponseSchema = sessionResponseSchema.extend({
  recoveryCodesLeft: z.number().int().optional(),
});
