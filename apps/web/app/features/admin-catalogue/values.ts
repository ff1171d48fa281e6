import type { NetworkCreateInput, TokenCreateInput } from '@permuta/contracts/catalogue-admin';
import type { AdminNetwork } from '@permuta/contracts/catalogue-admin';
import { parseAmount } from '../../lib/amount.ts';
import type { Locale } from '../../lib/locale.ts';

/** A network as the forms hold it: every field a string or a boolean. */
export interface NetworkValues {
  code: string;
  name: string;
  enabled: boolean;
  isDefault: boolean;
  contractAddress: string;
  minConfirmations: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
  estimatedArrivalMinutes: string;
  tip: string;
  notice: string;
  addressRegex: string;
  memoRegex: string;
  memoRequired: boolean;
  depositAddress: string;
  depositMemo: string;
}

export const EMPTY_NETWORK: NetworkValues = {
  code: '',
  name: '',
  enabled: true,
  isDefault: false,
  contractAddress: '',
  minConfirmations: '0',
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee: '0',
  withdrawMin: '0',
  withdrawMax: '',
  estimatedArrivalMinutes: '',
  tip: '',
  notice: '',
  addressRegex: '',
  memoRegex: '',
  memoRequired: false,
  depositAddress: '',
  depositMemo: '',
};

export function networkToValues(network: AdminNetwork): NetworkValues {
  return {
    code: network.code,
    name: network.name,
    enabled: network.enabled,
    isDefault: network.isDefault,
    contractAddress: network.contractAddress ?? '',
    minConfirmations: String(network.minConfirmations),
    depositEnabled: network.depositEnabled,
    withdrawEnabled: network.withdrawEnabled,
    withdrawFee: network.withdrawFee,
    withdrawMin: network.withdrawMin,
    withdrawMax: network.withdrawMax ?? '',
    estimatedArrivalMinutes:
      network.estimatedArrivalMinutes === null ? '' : String(network.estimatedArrivalMinutes),
    tip: network.tip ?? '',
    notice: network.notice ?? '',
    addressRegex: network.addressRegex ?? '',
    memoRegex: network.memoRegex ?? '',
    memoRequired: network.memoRequired,
    depositAddress: network.depositAddress ?? '',
    depositMemo: network.depositMemo ?? '',
  };
}

/** An amount typed in the page's style ("1.234,5" in pt-BR) as a dot decimal; else as typed. */
export function amountInput(value: string, locale: Locale): string {
  const trimmed = value.trim();
  return parseAmount(trimmed, locale) ?? trimmed;
}

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const integer = (value: string): number | string =>
  /^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim();

/** The body the API takes for a network, from the form's values. */
export function toNetworkInput(values: NetworkValues, locale: Locale): NetworkCreateInput {
  const max = optional(values.withdrawMax);
  const arrival = optional(values.estimatedArrivalMinutes);
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    enabled: values.enabled,
    isDefault: values.isDefault,
    contractAddress: optional(values.contractAddress),
    minConfirmations: integer(values.minConfirmations || '0') as number,
    depositEnabled: values.depositEnabled,
    withdrawEnabled: values.withdrawEnabled,
    withdrawFee: amountInput(values.withdrawFee || '0', locale),
    withdrawMin: amountInput(values.withdrawMin || '0', locale),
    withdrawMax: max === null ? null : amountInput(max, locale),
    estimatedArrivalMinutes: arrival === null ? null : (integer(arrival) as number),
    tip: optional(values.tip),
    notice: optional(values.notice),
    addressRegex: optional(values.addressRegex),
    memoRegex: optional(values.memoRegex),
    memoRequired: values.memoRequired,
    depositAddress: optional(values.depositAddress),
    depositMemo: optional(values.depositMemo),
  };
}

export interface TokenValues {
  code: string;
  name: string;
  kind: 'crypto' | 'pix' | 'deriv';
  precision: string;
  enabled: boolean;
  isLegalMoney: boolean;
  trading: boolean;
  sortOrder: string;
  priceSource: 'manual' | 'exchange';
  exchangeSymbol: string;
  priceBrl: string;
  networks: NetworkValues[];
}

export const EMPTY_TOKEN: TokenValues = {
  code: '',
  name: '',
  kind: 'crypto',
  precision: '8',
  enabled: true,
  isLegalMoney: false,
  trading: true,
  sortOrder: '0',
  priceSource: 'manual',
  exchangeSymbol: '',
  priceBrl: '',
  networks: [{ ...EMPTY_NETWORK }],
};

/** The body of POST /admin/tokens from the add-token form. */
export function toTokenCreateInput(values: TokenValues, locale: Locale): TokenCreateInput {
  const price = optional(values.priceBrl);
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    kind: values.kind,
    precision: integer(values.precision) as number,
    enabled: values.enabled,
    isLegalMoney: values.isLegalMoney,
    trading: values.trading,
    sortOrder: integer(values.sortOrder || '0') as number,
    priceSource: values.priceSource,
    exchangeSymbol: optional(values.exchangeSymbol),
    priceBrl: price === null ? null : amountInput(price, locale),
    networks: values.networks.map((network) => toNetworkInput(network, locale)),
  };
}

/** "5 min ago" / "há 5 min" for the age of a price. */
export function priceAge(iso: string, now: Date, locale: Locale): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/** Prices of the catalogue are reais: formatMoney reads them "R$ 5,40" / "R$5.40". */
export const REAIS = { code: 'BRL', kind: 'pix' } as const;
