// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the typings must come along into every project that compiles this file (the e2e server too)
/// <reference path="./multicoin-address-validator.d.ts" />
import WAValidator from 'multicoin-address-validator';
import type { AddressFamily } from '@permuta/contracts';

/** multicoin-address-validator's name of each family the contracts know. */
const CURRENCY: Record<AddressFamily, string> = {
  tron: 'tron',
  // EIP-55: an address in mixed case must match its checksum; all lower or all upper has none
  evm: 'ethereum',
  bitcoin: 'bitcoin',
};

/**
 * Whether the address's checksum holds for its family (base58check for Tron and legacy Bitcoin,
 * bech32 for SegWit, EIP-55 for EVM chains). Server only: the library is too heavy for the web
 * bundle, which checks the format alone (`isAddressFormatValid` in the contracts).
 */
export function hasValidChecksum(family: AddressFamily, address: string): boolean {
  return WAValidator.validate(address, CURRENCY[family], { networkType: 'prod' });
}
