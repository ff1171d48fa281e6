import { cnpj, cpf } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { tokenKindSchema } from './catalogue.ts';
import { networkCodeSchema, tokenCodeSchema } from './validation.ts';

/**
 * Customer wallets: where the platform pays a customer. The rules below run in the browser
 * (the forms) and on the server (the API) alike. Only what needs the database or a heavy
 * library stays on the server: the network's own `addressRegex`/`memoRegex`/`memoRequired`, the
 * address checksum (multicoin-address-validator, kept out of the web bundle), the bank list and
 * "the holder CPF is the customer's own".
 */
export {
  WALLETS_SUCCESS_MESSAGES,
  walletSuccessMessage,
  type WalletSuccess,
} from './messages/wallets.ts';

// --- crypto addresses -----------------------------------------------------------------------

/** Address families the format (and, on the server, checksum) checks know. */
export type AddressFamily = 'tron' | 'evm' | 'bitcoin';

const FAMILY_BY_NETWORK: Record<string, AddressFamily> = {
  TRC20: 'tron',
  TRX: 'tron',
  TRON: 'tron',
  BEP20: 'evm',
  BSC: 'evm',
  ERC20: 'evm',
  ETH: 'evm',
  ARBITRUM: 'evm',
  OPTIMISM: 'evm',
  MATIC: 'evm',
  POLYGON: 'evm',
  BASE: 'evm',
  AVAXC: 'evm',
  BTC: 'bitcoin',
  SEGWITBTC: 'bitcoin',
};

/** The address family of a network code (TRC20 -> tron, BEP20/ERC20 -> evm, BTC -> bitcoin), or null. */
export function addressFamily(networkCode: string): AddressFamily | null {
  return FAMILY_BY_NETWORK[networkCode.toUpperCase()] ?? null;
}

const FORMAT: Record<AddressFamily, RegExp> = {
  // base58check, 34 characters starting with T
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  // 20 bytes in hex; mixed case must match the EIP-55 checksum (checked on the server)
  evm: /^0x[0-9a-fA-F]{40}$/,
  // legacy/P2SH base58check, or bech32/bech32m (one case only)
  bitcoin:
    /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$/,
};

/** Letters, digits and a few separators; no spaces. Used for networks of no known family. */
const GENERIC_ADDRESS = /^[A-Za-z0-9:._-]{10,128}$/;

/**
 * Whether an address has the shape of the network's addresses. Does not verify the checksum
 * (the server does); a network of unknown family only gets a generic check.
 */
export function isAddressFormatValid(networkCode: string, address: string): boolean {
  const family = addressFamily(networkCode);
  return family ? FORMAT[family].test(address) : GENERIC_ADDRESS.test(address);
}

// --- PIX keys and documents -----------------------------------------------------------------

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES, { error: 'pixKeyType.required' });
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

/** 11 digits with valid CPF check digits, from any mask; null otherwise. */
export function normalizeCpf(value: string): string | null {
  const digits = value.replace(/[.\-\s]/g, '');
  return /^\d{11}$/.test(digits) && cpf.isValid(digits) ? digits : null;
}

/**
 * 14 characters with valid CNPJ check digits (also the alphanumeric CNPJ of July 2026,
 * `12.ABC.345/01DE-35`), from any mask and letter case; null otherwise.
 */
export function normalizeCnpj(value: string): string | null {
  const plain = value.replace(/[./\-\s]/g, '').toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(plain) && cnpj.isValid(plain, true) ? plain : null;
}

/** A holder's CPF or CNPJ with valid check digits, normalized, or null. */
export function normalizeHolderDocument(value: string): string | null {
  return normalizeCpf(value) ?? normalizeCnpj(value);
}

const PIX_EMAIL = z.email();
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A mobile number as a PIX key: `+55` + area code + 9 + 8 digits, from any mask. */
export function normalizePixPhone(value: string): string | null {
  let digits = value.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  return /^[1-9]{2}9\d{8}$/.test(digits) ? `+55${digits}` : null;
}

/**
 * A PIX key of the given type as the PIX directory stores it (CPF digits, CNPJ, lower-case
 * e-mail, `+55...` phone, lower-case random key), or null when it is not a valid key of that type.
 */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const value = key.trim();
  switch (type) {
    case 'cpf':
      return normalizeCpf(value);
    case 'cnpj':
      return normalizeCnpj(value);
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 77 && PIX_EMAIL.safeParse(email).success ? email : null;
    }
    case 'phone':
      return normalizePixPhone(value);
    case 'random': {
      const evp = value.toLowerCase();
      return EVP.test(evp) ? evp : null;
    }
  }
}

/** A Deriv account: `CR` then digits (the specification's message when it does not start with CR). */
export const derivAccountSchema = z
  .string({ error: 'deriv.prefix' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^CR/, { error: 'deriv.prefix' })
      .regex(/^CR\d{1,15}$/, { error: 'deriv.digits' }),
  );

const holderNameSchema = z
  .string({ error: 'holderName.min' })
  .trim()
  .min(3, { error: 'holderName.min' })
  .max(120, { error: 'holderName.min' });

// Normalizing with `overwrite` (not `transform`) keeps the field's JSON Schema in the API document.
const holderDocumentSchema = z
  .string({ error: 'holderDocument.invalid' })
  .refine((value) => normalizeHolderDocument(value) !== null, { error: 'holderDocument.invalid' })
  .overwrite((value) => normalizeHolderDocument(value) ?? value);

/** COMPE code of the bank (3 digits); the server checks it against the Brazilian bank list. */
export const bankCodeSchema = z
  .string({ error: 'bank.invalid' })
  .trim()
  .regex(/^\d{3}$/, { error: 'bank.invalid' });

const addressSchema = z
  .string({ error: 'address.required' })
  .trim()
  .min(1, { error: 'address.required' })
  .max(128, { error: 'address.invalid' });

/** Empty (or absent) means no memo. */
const memoSchema = z.string().trim().max(64, { error: 'memo.invalid' }).nullish();

// --- destination fields, shared by create and update ----------------------------------------

const cryptoDestination = { address: addressSchema, memo: memoSchema };
const pixDestination = {
  pixKeyType: pixKeyTypeSchema,
  pixKey: z.string({ error: 'field.required' }).trim().max(140, { error: 'field.invalid' }),
  bankCode: bankCodeSchema,
  holderName: holderNameSchema,
  holderDocument: holderDocumentSchema,
};
const derivDestination = { derivAccount: derivAccountSchema };

type PixFields = { pixKeyType: PixKeyType; pixKey: string };

/** Run a cross-field rule even when other fields have issues, once the fields it reads are sound. */
function fieldsParsed(
  payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] },
  ...names: string[]
): boolean {
  return !payload.issues.some((issue) => names.includes(String(issue.path?.[0])));
}

/** The PIX key checked for its type (the issue goes on `pixKey`), then normalized. */
function withPixKey<T extends z.ZodType<PixFields>>(schema: T) {
  return schema
    .refine((value) => normalizePixKey(value.pixKeyType, value.pixKey) !== null, {
      path: ['pixKey'],
      error: (issue) => `pixKey.${(issue.input as PixFields).pixKeyType}`,
      when: (payload) => fieldsParsed(payload, 'pixKeyType', 'pixKey'),
    })
    .overwrite((value) => ({
      ...value,
      pixKey: normalizePixKey(value.pixKeyType, value.pixKey) ?? value.pixKey,
    }));
}

const cryptoCreate = z
  .object({
    kind: z.literal('crypto'),
    token: tokenCodeSchema,
    network: networkCodeSchema,
    ...cryptoDestination,
  })
  .refine((value) => isAddressFormatValid(value.network, value.address), {
    path: ['address'],
    error: 'address.invalid',
    when: (payload) => fieldsParsed(payload, 'network', 'address'),
  });

const pixCreate = withPixKey(
  z.object({ kind: z.literal('pix'), token: tokenCodeSchema, ...pixDestination }),
);

const derivCreate = z.object({
  kind: z.literal('deriv'),
  token: tokenCodeSchema,
  ...derivDestination,
});

/**
 * POST /api/v1/me/wallets. Discriminated by `kind` (the token's kind): a crypto address on a
 * network (memo where the network needs one), a PIX key with the holder's bank data, or a
 * Deriv account.
 */
export const walletCreateSchema = z
  .discriminatedUnion('kind', [cryptoCreate, pixCreate, derivCreate], { error: 'kind.invalid' })
  .meta({ id: 'WalletCreate' });
export type WalletCreateInput = z.input<typeof walletCreateSchema>;
export type WalletCreate = z.output<typeof walletCreateSchema>;

/**
 * PATCH /api/v1/me/wallets/:id: the destination fields of the wallet's kind (the token and
 * network of a wallet never change; delete it and add another instead). The address is checked
 * against the wallet's network on the server.
 */
export const walletUpdateSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('crypto'), ...cryptoDestination }),
      withPixKey(z.object({ kind: z.literal('pix'), ...pixDestination })),
      z.object({ kind: z.literal('deriv'), ...derivDestination }),
    ],
    { error: 'kind.invalid' },
  )
  .meta({ id: 'WalletUpdate' });
export type WalletUpdateInput = z.input<typeof walletUpdateSchema>;
export type WalletUpdate = z.output<typeof walletUpdateSchema>;

// --- answers --------------------------------------------------------------------------------

export const walletSchema = z
  .object({
    id: z.string(),
    kind: tokenKindSchema,
    token: z.object({ code: z.string(), name: z.string(), kind: tokenKindSchema }),
    /** crypto: the chosen network; PIX and Deriv: the token's only network (BRL, USD) */
    network: z.object({ code: z.string(), name: z.string() }).nullable(),
    address: z.string().nullable(),
    memo: z.string().nullable(),
    pixKeyType: pixKeyTypeSchema.nullable(),
    pixKey: z.string().nullable(),
    bankCode: z.string().nullable(),
    bankName: z.string().nullable(),
    holderName: z.string().nullable(),
    holderDocument: z.string().nullable(),
    derivAccount: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Wallet' });
export type WalletView = z.infer<typeof walletSchema>;

export const walletListSchema = z.object({ wallets: z.array(walletSchema) });
export type WalletList = z.infer<typeof walletListSchema>;

/** Answer of create and update: the success message and the wallet. */
export const walletSavedSchema = z.object({ message: z.string(), wallet: walletSchema });
export type WalletSaved = z.infer<typeof walletSavedSchema>;

export const walletDeletedSchema = z.object({ message: z.string() });

export const walletIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const bankSchema = z
  .object({
    code: z.string().meta({ example: '260' }),
    name: z.string().meta({
      example: 'Nu Pagamentos S.A. – Instituição de Pagamento',
      description: 'registered name',
    }),
    commonName: z
      .string()
      .nullable()
      .meta({ example: 'Nubank', description: 'the name customers know it by, when it differs' }),
  })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof bankSchema>;
export const bankListSchema = z.object({ banks: z.array(bankSchema) });
export type BankList = z.infer<typeof bankListSchema>;
