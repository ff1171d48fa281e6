import { eq } from 'drizzle-orm';
import { pixCharges } from '@permuta/db';
import type { Db, PixChargeRow, Tx } from '@permuta/db';

/** The PSP charge of an order (decision 041), if one was asked for. */
export async function findPixCharge(conn: Db | Tx, orderId: string): Promise<PixChargeRow | null> {
  const [row] = await conn.select().from(pixCharges).where(eq(pixCharges.orderId, orderId));
  return row ?? null;
}

/** The charge a PSP's txid names, if it is one of ours. */
export async function findPixChargeByTxid(
  conn: Db | Tx,
  txid: string,
): Promise<PixChargeRow | null> {
  const [row] = await conn.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row ?? null;
}
