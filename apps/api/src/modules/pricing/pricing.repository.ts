import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@permuta/db';
import { feeRules, networks, priceHolds, settings, tokens } from '@permuta/db';

/** Everything a quote needs, read in one go: enabled tokens and networks, latest prices, fees. */
export interface PricingSnapshot {
  tokens: SnapshotToken[];
  feeRules: { sendTokenId: string | null; receiveTokenId: string | null; rate: string }[];
  settings: SnapshotSettings | null;
  loadedAt: Date;
}

export interface SnapshotToken {
  id: string;
  code: string;
  name: string;
  kind: 'crypto' | 'pix' | 'deriv';
  precision: number;
  price: { brl: string; source: 'manual' | 'exchange'; at: Date } | null;
  /** a feed price of the token is held for an admin's decision: its quotes are paused */
  held: boolean;
  networks: SnapshotNetwork[];
}

export interface SnapshotNetwork {
  code: string;
  name: string;
  isDefault: boolean;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string | null;
  minConfirmations: number;
  estimatedArrivalMinutes: number | null;
  memoRequired: boolean;
  tip: string | null;
  notice: string | null;
}

export interface SnapshotSettings {
  defaultSendToken: string | null;
  defaultReceiveToken: string | null;
  supportPhone: string | null;
  pixMinReceive: string;
  pixMaxReceive: string;
  derivMinReceive: string;
  derivMaxReceive: string;
  quoteLockMinutes: number;
  priceStaleMinutes: number;
  whatsappThresholdBrl: string;
}

interface LatestPriceRow extends Record<string, unknown> {
  token_id: string;
  price_brl: string;
  source: 'manual' | 'exchange';
  created_at: string | Date;
}

export async function loadPricingSnapshot(db: Db): Promise<PricingSnapshot> {
  const [tokenRows, networkRows, priceResult, feeRows, settingsRows, holdRows] = await Promise.all([
    db
      .select({
        id: tokens.id,
        code: tokens.code,
        name: tokens.name,
        kind: tokens.kind,
        precision: tokens.precision,
      })
      .from(tokens)
      .where(eq(tokens.enabled, true))
      .orderBy(asc(tokens.sortOrder), asc(tokens.code)),
    db
      .select({
        tokenId: networks.tokenId,
        code: networks.code,
        name: networks.name,
        isDefault: networks.isDefault,
        depositEnabled: networks.depositEnabled,
        withdrawEnabled: networks.withdrawEnabled,
        withdrawFee: networks.withdrawFee,
        withdrawMin: networks.withdrawMin,
        withdrawMax: networks.withdrawMax,
        minConfirmations: networks.minConfirmations,
        estimatedArrivalMinutes: networks.estimatedArrivalMinutes,
        memoRequired: networks.memoRequired,
        tip: networks.tip,
        notice: networks.notice,
      })
      .from(networks)
      .where(eq(networks.enabled, true))
      .orderBy(asc(networks.code)),
    db.execute<LatestPriceRow>(
      sql`SELECT DISTINCT ON (token_id) token_id, price_brl, source, created_at
          FROM prices ORDER BY token_id, created_at DESC`,
    ),
    db
      .select({
        sendTokenId: feeRules.sendTokenId,
        receiveTokenId: feeRules.receiveTokenId,
        rate: feeRules.rate,
      })
      .from(feeRules),
    db
      .select({
        defaultSendToken: settings.defaultSendToken,
        defaultReceiveToken: settings.defaultReceiveToken,
        supportPhone: settings.supportPhone,
        pixMinReceive: settings.pixMinReceive,
        pixMaxReceive: settings.pixMaxReceive,
        derivMinReceive: settings.derivMinReceive,
        derivMaxReceive: settings.derivMaxReceive,
        quoteLockMinutes: settings.quoteLockMinutes,
        priceStaleMinutes: settings.priceStaleMinutes,
        whatsappThresholdBrl: settings.whatsappThresholdBrl,
      })
      .from(settings)
      .limit(1),
    db.select({ tokenId: priceHolds.tokenId }).from(priceHolds),
  ]);
  const heldTokens = new Set(holdRows.map((row) => row.tokenId));

  const priceRows = 'rows' in priceResult ? priceResult.rows : (priceResult as LatestPriceRow[]);
  const priceByToken = new Map(
    priceRows.map((row) => [
      row.token_id,
      { brl: String(row.price_brl), source: row.source, at: new Date(row.created_at) },
    ]),
  );

  return {
    tokens: tokenRows.map((token) => ({
      ...token,
      price: priceByToken.get(token.id) ?? null,
      held: heldTokens.has(token.id),
      networks: networkRows
        .filter((network) => network.tokenId === token.id)
        .map(({ tokenId: _tokenId, ...network }) => network),
    })),
    feeRules: feeRows,
    settings: settingsRows[0] ?? null,
    loadedAt: new Date(),
  };
}
