import type { PublicNetwork, PublicToken, TokenKind } from '@permuta/contracts/catalogue';
import { fieldMessage } from '@permuta/contracts/validation';
import {
  isAddressFormatValid,
  normalizeHolderDocument,
  walletCreateSchema,
  walletUpdateSchema,
  type PixKeyType,
  type WalletCreateInput,
  type WalletUpdateInput,
  type WalletView,
} from '@permuta/contracts/wallets';
import { isApiError } from '../../lib/api.ts';
import type { Locale } from '../../lib/locale.ts';

/** Every field of the wallet form; only those of the token's kind are sent. */
export interface WalletFormValues {
  token: string;
  network: string;
  address: string;
  memo: string;
  pixKeyType: PixKeyType | '';
  pixKey: string;
  bankCode: string;
  holderName: string;
  holderDocument: string;
  derivAccount: string;
}

export const WALLET_FORM_FIELDS = [
  'token',
  'network',
  'address',
  'memo',
  'pixKeyType',
  'pixKey',
  'bankCode',
  'holderName',
  'holderDocument',
  'derivAccount',
] as const satisfies readonly (keyof WalletFormValues)[];

export const EMPTY_WALLET_FORM: WalletFormValues = {
  token: '',
  network: '',
  address: '',
  memo: '',
  pixKeyType: '',
  pixKey: '',
  bankCode: '',
  holderName: '',
  holderDocument: '',
  derivAccount: '',
};

/** The form's values for an existing wallet (edit screen). */
export function valuesOfWallet(wallet: WalletView): WalletFormValues {
  return {
    token: wallet.token.code,
    network: wallet.network?.code ?? '',
    address: wallet.address ?? '',
    memo: wallet.memo ?? '',
    pixKeyType: wallet.pixKeyType ?? '',
    pixKey: wallet.pixKey ?? '',
    bankCode: wallet.bankCode ?? '',
    holderName: wallet.holderName ?? '',
    holderDocument: wallet.holderDocument ?? '',
    derivAccount: wallet.derivAccount ?? '',
  };
}

/** The network a crypto wallet is for: the one picked, or the token's only/default network. */
export function defaultNetwork(token: PublicToken | undefined): string {
  if (!token || token.kind !== 'crypto') return '';
  const enabled = token.networks;
  const only = enabled.length === 1 ? enabled[0] : undefined;
  return (only ?? enabled.find((n) => n.isDefault))?.code ?? '';
}

export function findNetwork(
  token: PublicToken | undefined,
  code: string,
): PublicNetwork | undefined {
  return token?.networks.find((n) => n.code === code);
}

/** POST body for the token's kind. */
export function toCreateBody(values: WalletFormValues, kind: TokenKind): WalletCreateInput {
  switch (kind) {
    case 'crypto':
      return {
        kind,
        token: values.token,
        network: values.network,
        address: values.address,
        memo: values.memo,
      };
    case 'pix':
      return {
        kind,
        token: values.token,
        pixKeyType: values.pixKeyType as PixKeyType,
        pixKey: values.pixKey,
        bankCode: values.bankCode,
        holderName: values.holderName,
        holderDocument: values.holderDocument,
      };
    case 'deriv':
      return { kind, token: values.token, derivAccount: values.derivAccount };
  }
}

/** PATCH body: the destination fields of the wallet's kind. */
export function toUpdateBody(values: WalletFormValues, kind: TokenKind): WalletUpdateInput {
  const {
    token: _token,
    network: _network,
    ...body
  } = toCreateBody(values, kind) as WalletCreateInput & { network?: string };
  return body as WalletUpdateInput;
}

export type FieldErrors = Partial<Record<keyof WalletFormValues, string>>;

/**
 * The same checks the API runs before touching the database (the shared zod schemas), plus the
 * network's memo requirement from the catalogue; messages in the page's language. The address
 * checksum, the bank list and "the holder CPF is yours" are the server's (its answer goes on the
 * same fields).
 */
export function validateWalletForm(
  values: WalletFormValues,
  context: {
    kind: TokenKind | undefined;
    network: PublicNetwork | undefined;
    editing: boolean;
    /** the customer's CPF, when known: a holder CPF must be it */
    ownCpf?: string | undefined;
  },
  locale: Locale,
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: keyof WalletFormValues, key: string) => {
    errors[field] ??= fieldMessage(key, locale);
  };
  if (!context.kind) {
    add('token', 'token.required');
    return errors;
  }
  if (context.kind === 'crypto' && !values.network) add('network', 'network.required');
  const result = context.editing
    ? walletUpdateSchema.safeParse(toUpdateBody(values, context.kind))
    : walletCreateSchema.safeParse(toCreateBody(values, context.kind));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'token') as keyof WalletFormValues;
      add(WALLET_FORM_FIELDS.includes(field) ? field : 'token', issue.message);
    }
  }
  if (context.kind === 'pix' && context.ownCpf) {
    const holder = normalizeHolderDocument(values.holderDocument);
    if (holder && holder.length === 11 && holder !== context.ownCpf) {
      add('holderDocument', 'holderDocument.notOwn');
    }
  }
  if (context.kind === 'crypto') {
    if (
      context.editing &&
      values.network &&
      values.address.trim() &&
      !isAddressFormatValid(values.network, values.address.trim())
    ) {
      add('address', 'address.invalid');
    }
    if (context.network?.memoRequired && !values.memo.trim()) add('memo', 'memo.required');
  }
  return errors;
}

export interface Failure {
  /** the API's per-field messages (already in the page's language) for the form's fields */
  fields: FieldErrors;
  /** the message above the form */
  message: string;
  code: string | null;
}

/** What a refused save shows: field messages on their fields, the API's message above. */
export function describeFailure(error: unknown, fallback: string): Failure {
  if (!isApiError(error)) return { fields: {}, message: fallback, code: null };
  const fields: FieldErrors = {};
  for (const [path, text] of Object.entries(error.fields)) {
    if ((WALLET_FORM_FIELDS as readonly string[]).includes(path)) {
      fields[path as keyof WalletFormValues] = text;
    }
  }
  return { fields, message: error.message || fallback, code: error.code };
}

/** A short, recognisable form of an address or key: the start and the end. */
export function shorten(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

/** What a wallet pays into, in one line (its address, PIX key or Deriv account). */
export function destinationOf(wallet: WalletView): string {
  if (wallet.kind === 'crypto') return wallet.address ?? '';
  if (wallet.kind === 'pix') return wallet.pixKey ?? '';
  return wallet.derivAccount ?? '';
}
