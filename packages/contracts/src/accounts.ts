import { z } from 'zod';
import './zod-config.ts';
import { LOCALES } from './locale.ts';
import { ORDER_STATUSES } from './order-state.ts';
import { ADMIN_ROLES } from './admin-roles.ts';
import type { Locale } from './locale.ts';

/**
 * Accounts and identity: the request and response shapes of registration, sign-in, password
 * reset, profile, documents and the back office's admins and customers. The same schemas
 * validate the forms in the browser and the bodies on the server. Issue messages are keys of
 * ACCOUNT_FIELD_MESSAGES (the wording of the specification), turned into the user's language by
 * `fieldMessage`.
 */
export const ACCOUNT_FIELD_MESSAGES = {
  'username.min': {
    'en-US': 'Username must have at least 3 characters.',
    'pt-BR': 'O nome de usuário deve ter pelo menos 3 caracteres.',
  },
  'username.format': {
    'en-US': 'Use only letters, digits, "_" or "." (up to 30 characters).',
    'pt-BR': 'Use apenas letras, números, "_" ou "." (até 30 caracteres).',
  },
  'name.min': {
    'en-US': 'Name must have at least 3 characters.',
    'pt-BR': 'O nome deve ter pelo menos 3 caracteres.',
  },
  'email.required': { 'en-US': 'E-mail is required.', 'pt-BR': 'O e-mail é obrigatório.' },
  'email.invalid': { 'en-US': 'Enter a valid e-mail.', 'pt-BR': 'Informe um e-mail válido.' },
  'phone.invalid': {
    'en-US': 'Phone must have 10 or 11 digits.',
    'pt-BR': 'O telefone deve ter 10 ou 11 dígitos.',
  },
  'cpf.length': {
    'en-US': 'National ID must be 11 digits.',
    'pt-BR': 'O CPF deve ter 11 dígitos.',
  },
  'cpf.invalid': {
    'en-US': 'This national ID (CPF) is not valid.',
    'pt-BR': 'Este CPF não é válido.',
  },
  'birthDate.invalid': {
    'en-US': 'Enter your date of birth.',
    'pt-BR': 'Informe sua data de nascimento.',
  },
  'birthDate.minor': {
    'en-US':
      'You must be 18 or older to open an account. Minors can only exchange through a legal guardian, who opens the account in their own name.',
    'pt-BR':
      'É preciso ter 18 anos ou mais para abrir uma conta. Menores só podem trocar por meio do responsável legal, que abre a conta em seu próprio nome.',
  },
  'password.required': {
    'en-US': 'Password is required.',
    'pt-BR': 'A senha é obrigatória.',
  },
  'password.weak': {
    'en-US':
      'Password must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.',
    'pt-BR':
      'A senha deve ter pelo menos 8 caracteres, com uma letra maiúscula, uma minúscula, um número e um caractere especial.',
  },
  'password.common': {
    'en-US':
      'This password is on a list of passwords leaked in data breaches, so attackers try it first. Choose another one.',
    'pt-BR':
      'Esta senha está em uma lista de senhas vazadas em ataques, por isso é das primeiras que os invasores tentam. Escolha outra.',
  },
  'password.personal': {
    'en-US': 'The password must not contain your username or your e-mail address.',
    'pt-BR': 'A senha não pode conter o seu nome de usuário nem o seu endereço de e-mail.',
  },
  'password.mismatch': {
    'en-US': 'The passwords did not match.',
    'pt-BR': 'As senhas não coincidem.',
  },
  'password.same': {
    'en-US': 'The new password must be different from the current one.',
    'pt-BR': 'A nova senha deve ser diferente da atual.',
  },
  'terms.required': {
    'en-US': 'You must accept the terms of service and the privacy policy.',
    'pt-BR': 'Você precisa aceitar os termos de uso e a política de privacidade.',
  },
  'code.invalid': {
    'en-US': 'Code must be 6 digits.',
    'pt-BR': 'O código deve ter 6 dígitos.',
  },
  'totp.invalid': {
    'en-US': 'Enter the 6-digit code from your authenticator app or a recovery code.',
    'pt-BR':
      'Informe o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.',
  },
  'reason.required': {
    'en-US': 'Tell the customer why (at least 5 characters).',
    'pt-BR': 'Explique ao cliente o motivo (pelo menos 5 caracteres).',
  },
  'adminRole.required': {
    'en-US': 'Choose the role: owner, finance or operator.',
    'pt-BR': 'Escolha o papel: proprietário, financeiro ou operador.',
  },
  // taken values, reported on their field by the server
  'username.taken': {
    'en-US': 'This username is already taken.',
    'pt-BR': 'Este nome de usuário já está em uso.',
  },
  'password.wrong': {
    'en-US': 'The current password is not correct.',
    'pt-BR': 'A senha atual não está correta.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

// --- primitive rules ------------------------------------------------------------------------

/** 8+ characters with an uppercase, a lowercase, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Brazilian CPF check digits (11 digits, not all equal). */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** Full years between a `YYYY-MM-DD` birth date and `today` (a Date, in UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const MINIMUM_AGE = 18;

/** A Brazilian phone typed in any format: 10 or 11 digits (area code + number), optional +55. */
export function normalizeBrazilianPhone(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (digits.length !== 10 && digits.length !== 11) return null;
  return `+55${digits}`;
}

export const emailSchema = z
  .string({ error: 'email.required' })
  .trim()
  .min(1, { error: 'email.required' })
  .max(254, { error: 'email.invalid' })
  .pipe(z.email({ error: 'email.invalid' }))
  .transform((value) => value.toLowerCase());

export const usernameSchema = z
  .string({ error: 'username.min' })
  .trim()
  .min(3, { error: 'username.min' })
  .max(30, { error: 'username.format' })
  .regex(/^[A-Za-z0-9_.]+$/, { error: 'username.format' })
  .transform((value) => value.toLowerCase());

export const nameSchema = z
  .string({ error: 'name.min' })
  .trim()
  .min(3, { error: 'name.min' })
  .max(120, { error: 'field.invalid' });

/** Accepts `(11) 98888-7777`, `11988887777`, `+55 11 98888-7777`; gives `+5511988887777`. */
export const phoneSchema = z.string({ error: 'phone.invalid' }).transform((value, ctx) => {
  const phone = normalizeBrazilianPhone(value);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
    return z.NEVER;
  }
  return phone;
});

/** Accepts `123.456.789-09` or `12345678909`; gives the 11 digits. */
export const cpfSchema = z
  .string({ error: 'cpf.length' })
  .transform((value) => value.replace(/[.\-\s]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{11}$/, { error: 'cpf.length' })
      .refine(isValidCpf, { error: 'cpf.invalid' }),
  );

export const passwordSchema = z
  .string({ error: 'password.required' })
  .max(128, { error: 'password.weak' })
  .refine(isStrongPassword, { error: 'password.weak' });

/** A password being checked (sign-in, current password): only required. */
export const anyPasswordSchema = z
  .string({ error: 'password.required' })
  .min(1, { error: 'password.required' })
  .max(128, { error: 'password.required' });

export const birthDateSchema = z
  .string({ error: 'birthDate.invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'birthDate.invalid' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: 'birthDate.invalid',
  })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= 1900;
    },
    { error: 'birthDate.invalid' },
  );

export const localeSchema = z.enum(LOCALES);

export const otpCodeSchema = z
  .string({ error: 'code.invalid' })
  .trim()
  .regex(/^\d{6}$/, { error: 'code.invalid' });

// --- customer requests ----------------------------------------------------------------------

/**
 * Registration. Age is checked against `today` by `registrationSchemaOn(today)` so that the form
 * and the server agree and tests can fix the date; `registrationSchema` uses the current date.
 */
export function registrationSchemaOn(today: () => Date) {
  return z
    .object({
      username: usernameSchema,
      name: nameSchema,
      email: emailSchema,
      phone: phoneSchema,
      cpf: cpfSchema,
      birthDate: birthDateSchema.refine((value) => ageOn(value, today()) >= MINIMUM_AGE, {
        error: 'birthDate.minor',
      }),
      password: passwordSchema,
      confirmPassword: z.string({ error: 'password.mismatch' }),
      acceptTerms: z.literal(true, { error: 'terms.required' }),
      locale: localeSchema.optional(),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      error: 'password.mismatch',
    });
}
export const registrationSchema = registrationSchemaOn(() => new Date());
export type RegistrationInput = z.input<typeof registrationSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: anyPasswordSchema,
});
export type SignInInput = z.input<typeof signInSchema>;

export const adminSignInSchema = z.object({
  username: z
    .string({ error: 'username.min' })
    .trim()
    .min(3, { error: 'username.min' })
    .max(30, { error: 'username.format' })
    .transform((value) => value.toLowerCase()),
  password: anyPasswordSchema,
});
export type AdminSignInInput = z.input<typeof adminSignInSchema>;

/** Second step of the admin sign-in: a TOTP code or one of the recovery codes. */
export const totpSchema = z.object({
  code: z
    .string({ error: 'totp.invalid' })
    .trim()
    .min(6, { error: 'totp.invalid' })
    .max(32, { error: 'totp.invalid' }),
});

export const validateEmailSchema = z.object({
  token: z.string().trim().min(10, { error: 'field.invalid' }).max(512),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    code: otpCodeSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'password.mismatch' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'password.mismatch',
  });

export const changePasswordSchema = z
  .object({
    currentPassword: anyPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'password.mismatch' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'password.mismatch',
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    error: 'password.same',
  });

export const contactInfoSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
});

export const defaultTokensSchema = z.object({
  defaultSendToken: z.string().trim().toUpperCase().min(1).max(20).nullable(),
  defaultReceiveToken: z.string().trim().toUpperCase().min(1).max(20).nullable(),
});

// --- documents ------------------------------------------------------------------------------

/** The identity documents: all three approved is "documents verified" (KYC level 2). */
export const DOCUMENT_TYPES = ['national_id', 'proof_of_address', 'selfie_with_id'] as const;
/** A business customer's company documents (decision 057), reviewed like the others. */
export const BUSINESS_DOCUMENT_TYPES = ['articles_of_association', 'representative_id'] as const;
/** The documents of an enhanced verification request (KYC level 3, decision 062). */
export const ENHANCED_DOCUMENT_TYPES = ['proof_of_income', 'source_of_funds'] as const;
export type EnhancedDocumentType = (typeof ENHANCED_DOCUMENT_TYPES)[number];
/** Every kind of document the API takes: identity, company, and the enhanced verification's (062). */
export const ALL_DOCUMENT_TYPES = [
  ...DOCUMENT_TYPES,
  ...BUSINESS_DOCUMENT_TYPES,
  ...ENHANCED_DOCUMENT_TYPES,
] as const;
export type DocumentType = (typeof ALL_DOCUMENT_TYPES)[number];
export type PersonalDocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['uploaded', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;

export const documentSchema = z.object({
  id: z.string(),
  type: z.enum(ALL_DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  rejectionReason: z.string().nullable(),
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type DocumentView = z.infer<typeof documentSchema>;

/** Documents waiting for review past this many hours are marked on the queue. */
export const DOCUMENT_REVIEW_LATE_HOURS = 24;

/** GET /api/v1/admin/documents: customers' documents waiting for review, oldest first. */
export const adminDocumentQueueQuerySchema = z.object({
  /** opaque keyset cursor from the previous page's `nextCursor` */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(50),
});

export const adminDocumentQueueItemSchema = z.object({
  id: z.string(),
  type: z.enum(ALL_DOCUMENT_TYPES),
  uploadedAt: z.iso.datetime(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminDocumentQueueItem = z.infer<typeof adminDocumentQueueItemSchema>;

export const adminDocumentQueueSchema = z.object({
  items: z.array(adminDocumentQueueItemSchema),
  nextCursor: z.string().nullable(),
  /** every document waiting, over all pages */
  total: z.number().int(),
  /** of which waiting longer than DOCUMENT_REVIEW_LATE_HOURS */
  late: z.number().int(),
});
export type AdminDocumentQueue = z.infer<typeof adminDocumentQueueSchema>;

export const documentReviewSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z
      .string({ error: 'reason.required' })
      .trim()
      .min(5, { error: 'reason.required' })
      .max(500),
  }),
]);

// --- the signed-in user ---------------------------------------------------------------------

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What GET /api/v1/me answers (and the sign-in answers) for a customer. */
export const customerProfileSchema = z.object({
  id: z.string(),
  role: z.literal('customer'),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  cpf: z.string(),
  birthDate: z.string(),
  locale: localeSchema,
  emailVerified: z.boolean(),
  active: z.boolean(),
  nationalIdVerified: z.boolean(),
  /** all three documents approved */
  documentsVerified: z.boolean(),
  defaultSendToken: z.string().nullable(),
  defaultReceiveToken: z.string().nullable(),
  createdAt: z.string(),
  /** when the customer's personal data was erased at their request (decision 063) */
  anonymizedAt: z.string().nullable().optional(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** An admin's role in the back office (admin-roles.ts); a missing or unknown one is refused. */
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'adminRole.required' });

export const adminProfileSchema = z.object({
  id: z.string(),
  role: z.literal('admin'),
  /** what this admin may do in the back office */
  adminRole: z.enum(ADMIN_ROLES),
  username: z.string(),
  name: z.string(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/** The session as the browser keeps it (role, e-mail, creation time) plus the profile. */
export const sessionResponseSchema = z.object({
  session: z.object({
    role: z.enum(ROLES),
    /** the customer's e-mail; an admin's username */
    email: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
  user: z.union([customerProfileSchema, adminProfileSchema]),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The first admin step answers this when a TOTP code is still needed. */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });

// --- back office ----------------------------------------------------------------------------

export const adminCreateSchema = z
  .object({
    username: usernameSchema,
    name: nameSchema.optional(),
    adminRole: adminRoleSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'password.mismatch' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'password.mismatch',
  });

export const adminUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    role: z.enum(ROLES).optional(),
    adminRole: adminRoleSchema.optional(),
    password: passwordSchema.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: 'field.required',
  });

export const adminListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  adminRole: z.enum(ADMIN_ROLES),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});

export const customerListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive', 'unverified', 'verified']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});

export const customerListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  cpf: z.string(),
  active: z.boolean(),
  emailVerified: z.boolean(),
  documentsVerified: z.boolean(),
  nationalIdVerified: z.boolean(),
  createdAt: z.string(),
  /** when the customer's personal data was erased at their request (decision 063) */
  anonymizedAt: z.string().nullable().optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const customerActiveSchema = z.object({ active: z.boolean() });

// --- back office: success messages and the customer detail (admin-accounts module) ----------

/** POST /api/v1/admin/admins answers the new admin with the success message. */
export const adminCreatedSchema = z.object({
  message: z.string(),
  admin: adminListItemSchema,
});

/** PATCH/POST on a customer that answer a message with the profile. */
export const customerProfileMessageSchema = z.object({
  message: z.string(),
  customer: customerProfileSchema,
});

/** A customer's wallet as the back office lists it. */
export const adminCustomerWalletSchema = z.object({
  id: z.string(),
  kind: z.enum(['crypto', 'pix', 'deriv']),
  token: z.string(),
  network: z.string().nullable(),
  /** the crypto address, the PIX key or the Deriv account */
  destination: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});

/** A customer's order as the back office lists it on the customer page. */
export const adminCustomerOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  sendToken: z.string(),
  receiveToken: z.string(),
  amountSend: z.string(),
  amountReceive: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});

export const adminCustomerDetailSchema = z.object({
  customer: customerProfileSchema,
  /** every document ever uploaded, newest first */
  documents: z.array(documentSchema),
  wallets: z.array(adminCustomerWalletSchema),
  /** newest first */
  orders: z.array(adminCustomerOrderSchema),
  /** the newest declaration of an enhanced verification request (KYC level 3), if any */
  enhancedDeclaration: z
    .object({
      /** one of INCOME_RANGES (tiers.ts) */
      incomeRange: z.string(),
      occupation: z.string(),
      declaredAt: z.iso.datetime(),
    })
    .nullable(),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const nationalIdVerificationSchema = z.object({ verified: z.boolean() });

export const adminPasswordSchema = z.object({ password: anyPasswordSchema });

export const twoFactorEnrolmentSchema = z.object({
  totpUri: z.string(),
  backupCodes: z.array(z.string()),
});

export const adminSecuritySchema = z.object({ twoFactorRequired: z.boolean() });

// --- success messages -----------------------------------------------------------------------

/** What the API answers in `message` after a successful action (the specification's wording). */
export const SUCCESS_MESSAGES = {
  // the same answer whether the e-mail was new or already registered (its owner is e-mailed)
  registered: {
    'en-US': 'Thank you. Check your e-mail: we sent you a message to continue.',
    'pt-BR': 'Obrigado. Verifique seu e-mail: enviamos uma mensagem para você continuar.',
  },
  emailValidated: {
    'en-US': 'E-mail validated successfully.',
    'pt-BR': 'E-mail validado com sucesso.',
  },
  verificationSent: {
    'en-US': 'We sent a new validation link to your e-mail.',
    'pt-BR': 'Enviamos um novo link de validação para o seu e-mail.',
  },
  resetRequested: {
    'en-US': 'Password reset requested',
    'pt-BR': 'Redefinição de senha solicitada',
  },
  resetDone: { 'en-US': 'Password reset successful', 'pt-BR': 'Senha redefinida com sucesso' },
  passwordChanged: {
    'en-US': 'Password changed successfully.',
    'pt-BR': 'Senha alterada com sucesso.',
  },
  contactUpdated: {
    'en-US': 'Contact information updated successfully',
    'pt-BR': 'Informações de contato atualizadas com sucesso',
  },
  'admin.created': {
    'en-US': 'A new admin has been registered successfully',
    'pt-BR': 'Um novo administrador foi cadastrado com sucesso',
  },
  'nationalId.verified': {
    'en-US': 'National ID (CPF) marked as verified',
    'pt-BR': 'CPF marcado como verificado',
  },
  'nationalId.revoked': {
    'en-US': 'National ID (CPF) verification revoked',
    'pt-BR': 'Verificação do CPF revogada',
  },
  documentsUpdated: {
    'en-US': 'Documents updated successfully',
    'pt-BR': 'Documentos atualizados com sucesso',
  },
} as const satisfies Record<string, Record<Locale, string>>;
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;

export function successMessage(key: SuccessMessageKey, locale: Locale): string {
  return SUCCESS_MESSAGES[key][locale];
}

export const messageResponseSchema = z.object({ message: z.string() });
