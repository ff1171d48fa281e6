import { eq } from 'drizzle-orm';
import { priceHolds, settings, tokens } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import {
  DEFAULT_FEED_PRICE_HOLD_PERCENT,
  DEFAULT_MANUAL_PRICE_CONFIRM_PERCENT,
  dec,
  floorTo,
  normalize,
} from '@permuta/contracts';
import type { PriceChangeCheck, PriceHold } from '@permuta/contracts';

/**
 * The guards on price changes (PRODUCT.md, "Money and security"): a manual change beyond the
 * settings' manualPriceConfirmPercent needs a confirming step, and a feed price jumping beyond
 * feedPriceHoldPercent from the last accepted one is held for an admin.
 */

type DbOrTx = Db | Tx;

/** The change from `before` to `after` in percent of `before`, signed, two decimals (rounded half up). */
export function changePercent(before: string, after: string): string {
  return normalize(dec(after).minus(before).times(100).div(before).round(2, 1));
}

/** Whether the move from `before` to `after` is more than `limitPercent` of `before`. */
export function beyond(before: string, after: string, limitPercent: number): boolean {
  return dec(after).minus(before).abs().times(100).gt(dec(before).times(limitPercent));
}

export const SAMPLE_UNITS = '100';
export const SAMPLE_BRL = '1000';

/** What the confirming step shows: the change and a sample at both prices (reference, before fees). */
export function priceChangeCheck(
  token: { code: string; precision: number },
  oldPriceBrl: string,
  newPriceBrl: string,
  thresholdPercent: number,
): PriceChangeCheck {
  const brlOf = (price: string) => normalize(floorTo(dec(SAMPLE_UNITS).times(price), 2));
  const unitsOf = (price: string) =>
    normalize(floorTo(dec(SAMPLE_BRL).div(price), token.precision));
  return {
    token: token.code,
    oldPriceBrl: normalize(oldPriceBrl),
    newPriceBrl: normalize(newPriceBrl),
    changePercent: changePercent(oldPriceBrl, newPriceBrl),
    thresholdPercent,
    sampleUnits: SAMPLE_UNITS,
    sampleBrlBefore: brlOf(oldPriceBrl),
    sampleBrlAfter: brlOf(newPriceBrl),
    sampleBrl: SAMPLE_BRL,
    sampleUnitsBefore: unitsOf(oldPriceBrl),
    sampleUnitsAfter: unitsOf(newPriceBrl),
  };
}

/** The two percentages of the settings (their defaults before the settings row exists). */
export async function priceGuardSettings(
  db: DbOrTx,
): Promise<{ manualConfirmPercent: number; feedHoldPercent: number }> {
  const [row] = await db
    .select({
      manual: settings.manualPriceConfirmPercent,
      feed: settings.feedPriceHoldPercent,
    })
    .from(settings)
    .limit(1);
  return {
    manualConfirmPercent: row?.manual ?? DEFAULT_MANUAL_PRICE_CONFIRM_PERCENT,
    feedHoldPercent: row?.feed ?? DEFAULT_FEED_PRICE_HOLD_PERCENT,
  };
}

export type HoldRow = typeof priceHolds.$inferSelect;

/** The token's hold, locked for the rest of the transaction. */
export async function lockHold(tx: Tx, tokenId: string): Promise<HoldRow | null> {
  const [row] = await tx
    .select()
    .from(priceHolds)
    .where(eq(priceHolds.tokenId, tokenId))
    .for('update');
  return row ?? null;
}

/** Holds `priceBrl` for the token (a new hold, or the newer price of an existing one). */
export async function putHold(
  tx: Tx,
  values: { tokenId: string; priceBrl: string; previousPriceBrl: string; at: Date },
): Promise<HoldRow> {
  const [row] = await tx
    .insert(priceHolds)
    .values({
      tokenId: values.tokenId,
      priceBrl: values.priceBrl,
      previousPriceBrl: values.previousPriceBrl,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoUpdate({
      target: priceHolds.tokenId,
      set: {
        priceBrl: values.priceBrl,
        previousPriceBrl: values.previousPriceBrl,
        updatedAt: values.at,
      },
    })
    .returning();
  if (!row) throw new Error('price hold not written');
  return row;
}

export async function deleteHold(tx: Tx, tokenId: string): Promise<void> {
  await tx.delete(priceHolds).where(eq(priceHolds.tokenId, tokenId));
}

/** The hold as the audit log records it. */
export function auditHold(row: HoldRow | null) {
  return row
    ? {
        priceBrl: normalize(row.priceBrl),
        previousPriceBrl: normalize(row.previousPriceBrl),
        heldAt: row.createdAt.toISOString(),
      }
    : null;
}

/** Every held price, oldest hold first. */
export async function listHolds(db: DbOrTx): Promise<PriceHold[]> {
  const rows = await db
    .select({ hold: priceHolds, code: tokens.code, name: tokens.name })
    .from(priceHolds)
    .innerJoin(tokens, eq(tokens.id, priceHolds.tokenId))
    .orderBy(priceHolds.createdAt, tokens.code);
  return rows.map(({ hold, code, name }) => ({
    tokenCode: code,
    tokenName: name,
    previousPriceBrl: normalize(hold.previousPriceBrl),
    priceBrl: normalize(hold.priceBrl),
    changePercent: changePercent(hold.previousPriceBrl, hold.priceBrl),
    heldAt: hold.createdAt.toISOString(),
    updatedAt: hold.updatedAt.toISOString(),
  }));
}
