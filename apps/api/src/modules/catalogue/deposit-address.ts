import { createRequire } from 'node:module';

interface AddressValidator {
  validate(address: string, currency: string): boolean;
}

const validator = createRequire(import.meta.url)('multicoin-address-validator') as AddressValidator;

/** Chains the address library knows, by our network code (BEP20 addresses are Ethereum's). */
const CHAIN_OF_NETWORK: Record<string, string> = {
  TRC20: 'trx',
  TRX: 'trx',
  BEP20: 'eth',
  BSC: 'eth',
  ERC20: 'eth',
  ETH: 'eth',
  ARBITRUM: 'eth',
  OPTIMISM: 'eth',
  MATIC: 'eth',
  POLYGON: 'eth',
  BTC: 'btc',
  LTC: 'ltc',
  DOGE: 'doge',
  XRP: 'xrp',
  SOL: 'sol',
};

/**
 * Whether `address` is a valid address of the network: the network's own pattern when it has
 * one (synced from the exchange or typed by an admin), and the chain's format and checksum when
 * the chain is known. Networks of PIX or Deriv carry free text.
 */
export function isValidDepositAddress(
  networkCode: string,
  address: string,
  addressRegex: string | null,
): boolean {
  if (address.trim() !== address || address.length === 0) return false;
  if (addressRegex) {
    try {
      if (!new RegExp(addressRegex).test(address)) return false;
    } catch {
      // An unusable pattern is refused when it is saved; ignore it here.
    }
  }
  const chain = CHAIN_OF_NETWORK[networkCode.toUpperCase()];
  if (!chain) return true;
  try {
    return validator.validate(address, chain);
  } catch {
    return false;
  }
}

export function isValidMemo(memo: string, memoRegex: string | null): boolean {
  if (!memoRegex) return true;
  try {
    return new RegExp(memoRegex).test(memo);
  } catch {
    return true;
  }
}
