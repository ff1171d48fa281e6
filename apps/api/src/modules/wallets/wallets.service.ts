import { addressFamily, isAddressFormatValid, walletSuccessMessage } from '@permuta/contracts';
import type {
  Locale,
  WalletCreate,
  WalletSaved,
  WalletUpdate,
  WalletView,
} from '@permuta/contracts';
import { isUniqueViolation } from '@permuta/db';
import type { Db } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { hasValidChecksum } from './address-checksum.ts';
import { bankDisplayName, findBank } from './banks.ts';
import {
  customerCpf,
  deleteWallet,
  findOwnWallet,
  findTokenWithNetworks,
  insertWallet,
  listWallets,
  networkRules,
  openOrderUsingWallet,
  updateWallet,
} from './wallets.repository.ts';
import type {
  NetworkRules,
  NewWalletRow,
  WalletRow,
  WalletWithRefs,
} from './wallets.repository.ts';

export interface Caller {
  userId: string;
  ip: string;
  locale: Locale;
}

export interface WalletsServiceDeps {
  db: Db;
}

type Fields = Record<string, string>;

const invalid = (fields: Fields) => new AppError('VALIDATION_ERROR', 400, {}, fields);
const notFound = () => new AppError('WALLET_NOT_FOUND', 404);

function safeRegex(source: string | null): RegExp | null {
  if (!source) return null;
  try {
    return new RegExp(source);
  } catch {
    // a synced pattern this engine cannot read: the family check still applies
    return null;
  }
}

/** The address and memo checked against the network: format, the network's patterns, checksum. */
function checkCryptoDestination(network: NetworkRules, address: string, memo: string | null) {
  const fields: Fields = {};
  const family = addressFamily(network.code);
  const pattern = safeRegex(network.addressRegex);
  if (!isAddressFormatValid(network.code, address) || (pattern && !pattern.test(address))) {
    fields.address = 'address.invalid';
  } else if (family && !hasValidChecksum(family, address)) {
    fields.address = 'address.checksum';
  }
  const memoPattern = safeRegex(network.memoRegex);
  if (memo === null) {
    if (network.memoRequired) fields.memo = 'memo.required';
  } else if (!network.memoRequired && !memoPattern) {
    fields.memo = 'memo.notSupported';
  } else if (memoPattern && !memoPattern.test(memo)) {
    fields.memo = 'memo.invalid';
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

interface PixDestination {
  bankCode: string;
  holderDocument: string;
}

/** The bank is on the list; a holder CPF (not a CNPJ) is the customer's own. */
function checkPixDestination(input: PixDestination, ownCpf: string | null) {
  if (!findBank(input.bankCode)) throw invalid({ bankCode: 'bank.invalid' });
  if (input.holderDocument.length === 11 && input.holderDocument !== ownCpf) {
    throw new AppError(
      'WALLET_HOLDER_NOT_OWN',
      400,
      {},
      { holderDocument: 'holderDocument.notOwn' },
    );
  }
}

/** The columns of a wallet's destination, every other kind's set to null. */
function destinationColumns(input: WalletCreate | WalletUpdate): Partial<NewWalletRow> {
  const cleared = {
    address: null,
    memo: null,
    pixKeyType: null,
    pixKey: null,
    bankCode: null,
    holderName: null,
    holderDocument: null,
    derivAccount: null,
  };
  switch (input.kind) {
    case 'crypto':
      return { ...cleared, address: input.address, memo: input.memo || null };
    case 'pix':
      return {
        ...cleared,
        pixKeyType: input.pixKeyType,
        pixKey: input.pixKey,
        bankCode: input.bankCode,
        holderName: input.holderName,
        holderDocument: input.holderDocument,
      };
    case 'deriv':
      return { ...cleared, derivAccount: input.derivAccount };
  }
}

export function toWalletView({ wallet, token, network }: WalletWithRefs): WalletView {
  return {
    id: wallet.id,
    kind: wallet.kind,
    token: { code: token.code, name: token.name, kind: token.kind },
    network: network ? { code: network.code, name: network.name } : null,
    address: wallet.address,
    memo: wallet.memo,
    pixKeyType: wallet.pixKeyType,
    pixKey: wallet.pixKey,
    bankCode: wallet.bankCode,
    bankName: bankDisplayName(findBank(wallet.bankCode)),
    holderName: wallet.holderName,
    holderDocument: wallet.holderDocument,
    derivAccount: wallet.derivAccount,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a wallet (its destination; nothing secret in it). */
function auditState(row: WalletRow) {
  return {
    kind: row.kind,
    tokenId: row.tokenId,
    networkId: row.networkId,
    address: row.address,
    memo: row.memo,
    pixKeyType: row.pixKeyType,
    pixKey: row.pixKey,
    bankCode: row.bankCode,
    holderName: row.holderName,
    holderDocument: row.holderDocument,
    derivAccount: row.derivAccount,
  };
}

/**
 * Customer wallets (PRODUCT.md section 1): one per token and network, checked against the
 * network's rules. Every change writes its audit entry in the same transaction.
 */
export function createWalletsService({ db }: WalletsServiceDeps) {
  return {
    async list(userId: string): Promise<WalletView[]> {
      return (await listWallets(db, userId)).map(toWalletView);
    },

    async create(caller: Caller, input: WalletCreate): Promise<WalletSaved> {
      const found = await findTokenWithNetworks(db, input.token);
      if (!found || !found.token.enabled) {
        throw new AppError(
          'TOKEN_NOT_FOUND',
          400,
          { token: input.token },
          {
            token: 'token.unavailable',
          },
        );
      }
      const { token } = found;
      if (token.kind !== input.kind) {
        throw new AppError(
          'WALLET_KIND_MISMATCH',
          400,
          { token: token.code },
          {
            token: 'wallet.kindMismatch',
          },
        );
      }
      const enabled = found.networks.filter((n) => n.enabled);
      let network: NetworkRules | null;
      if (input.kind === 'crypto') {
        network = enabled.find((n) => n.code === input.network) ?? null;
        if (!network) {
          throw new AppError(
            'NETWORK_NOT_FOUND',
            400,
            { network: input.network, token: token.code },
            { network: 'network.unavailable' },
          );
        }
        checkCryptoDestination(network, input.address, input.memo || null);
      } else {
        // PIX and Deriv move on one network (BRL, USD): the wallet keeps it, so that an order
        // finds every wallet by token and network alike.
        network = enabled.find((n) => n.isDefault) ?? (enabled.length === 1 ? enabled[0]! : null);
        if (input.kind === 'pix') checkPixDestination(input, await customerCpf(db, caller.userId));
      }

      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await insertWallet(tx, {
            userId: caller.userId,
            kind: input.kind,
            tokenId: token.id,
            networkId: network?.id ?? null,
            ...destinationColumns(input),
          });
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: caller.userId,
            action: 'wallet.created',
            entityType: 'wallet',
            entityId: inserted.id,
            ip: caller.ip,
            after: auditState(inserted),
          });
          return inserted;
        });
        return {
          message: walletSuccessMessage('registered', token.code, caller.locale),
          wallet: toWalletView({
            wallet: row,
            token,
            network: network ? { code: network.code, name: network.name } : null,
          }),
        };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError(
          'WALLET_DUPLICATE',
          409,
          { token: token.code, network: network?.code ?? token.code },
          { [input.kind === 'crypto' ? 'network' : 'token']: 'wallet.duplicate' },
        );
      }
    },

    async update(caller: Caller, id: string, input: WalletUpdate): Promise<WalletSaved> {
      const current = await findOwnWallet(db, caller.userId, id);
      if (!current) throw notFound();
      if (current.wallet.kind !== input.kind) throw invalid({ kind: 'wallet.kindMismatch' });
      if (input.kind === 'crypto') {
        const rules = current.wallet.networkId
          ? await networkRules(db, current.wallet.networkId)
          : null;
        if (!rules) throw notFound();
        checkCryptoDestination(rules, input.address, input.memo || null);
      } else if (input.kind === 'pix') {
        checkPixDestination(input, await customerCpf(db, caller.userId));
      }

      const row = await db.transaction(async (tx) => {
        const before = await findOwnWallet(tx, caller.userId, id, { lock: true });
        if (!before) throw notFound();
        const after = await updateWallet(tx, caller.userId, id, destinationColumns(input));
        if (!after) throw notFound();
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'wallet.updated',
          entityType: 'wallet',
          entityId: id,
          ip: caller.ip,
          before: auditState(before.wallet),
          after: auditState(after),
        });
        return after;
      });
      return {
        message: walletSuccessMessage('updated', current.token.code, caller.locale),
        wallet: toWalletView({ ...current, wallet: row }),
      };
    },

    /**
     * Removes a wallet no open order pays into. The wallet row is locked first, so an order
     * being created with it (which locks it too) either commits before the check sees it, or
     * waits and then finds no wallet.
     */
    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      const removed = await db.transaction(async (tx) => {
        const current = await findOwnWallet(tx, caller.userId, id, { lock: true });
        if (!current) throw notFound();
        const reference = await openOrderUsingWallet(tx, id);
        if (reference) throw new AppError('WALLET_IN_USE', 409, { reference });
        if (!(await deleteWallet(tx, caller.userId, id))) throw notFound();
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'wallet.deleted',
          entityType: 'wallet',
          entityId: id,
          ip: caller.ip,
          before: auditState(current.wallet),
        });
        return current;
      });
      return { message: walletSuccessMessage('deleted', removed.token.code, caller.locale) };
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
