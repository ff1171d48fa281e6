import { hkdfSync } from 'node:crypto';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, hexToBytes, managedNonce } from '@noble/ciphers/utils.js';

/**
 * Secrets kept in the database, encrypted with a key derived from AUTH_SECRET:
 * XChaCha20-Poly1305, a random 24-byte nonce in front of the ciphertext and tag, the whole in
 * hex. A value encrypted under another key fails its tag: UnreadableSecretError.
 */
export class UnreadableSecretError extends Error {
  constructor(cause: unknown) {
    super('secret encrypted with another AUTH_SECRET', { cause });
    this.name = 'UnreadableSecretError';
  }
}

export interface SecretBox {
  encrypt(plain: string): string;
  /** @throws UnreadableSecretError when the value was encrypted with another key */
  decrypt(hex: string): string;
}

/** A box on a 32-byte key. */
export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  const cipher = () => managedNonce(xchacha20poly1305)(key);
  return {
    encrypt: (plain) => bytesToHex(cipher().encrypt(new TextEncoder().encode(plain))),
    decrypt(hex) {
      try {
        return new TextDecoder().decode(cipher().decrypt(hexToBytes(hex)));
      } catch (error) {
        throw new UnreadableSecretError(error);
      }
    },
  };
}

/** The key of one purpose (HKDF-SHA256 of AUTH_SECRET): a key serves one kind of secret. */
export function purposeKey(authSecret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', authSecret, 'permuta', purpose, 32));
}
