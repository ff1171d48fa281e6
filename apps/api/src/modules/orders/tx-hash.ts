import { addressFamily } from '@permuta/contracts';

/**
 * Transaction hashes per network family: EVM chains `0x` + 64 hex; Tron 64 hex (an `0x` prefix
 * is tolerated, explorers show both); Bitcoin 64 hex. A network of no known family gets a
 * generic check, and a PIX/Deriv payment may carry its own transfer id (e.g. a PIX end-to-end
 * id, 32 letters and digits).
 */
const HASH_FORMATS = {
  evm: /^0x[0-9a-fA-F]{64}$/,
  tron: /^(0x)?[0-9a-fA-F]{64}$/,
  bitcoin: /^[0-9a-fA-F]{64}$/,
} as const;

const GENERIC = /^[A-Za-z0-9:_-]{8,128}$/;

/** Whether `hash` has the shape of a transaction id on `networkCode` (null: not a crypto network). */
export function isTxHashValid(networkCode: string | null, hash: string): boolean {
  const family = networkCode ? addressFamily(networkCode) : null;
  return family ? HASH_FORMATS[family].test(hash) : GENERIC.test(hash);
}
