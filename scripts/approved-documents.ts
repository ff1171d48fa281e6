/**
 * The customer's identity documents, approved, written straight to the database as the desk
 * would leave them (no files behind them): for the scripts that need a customer who may order
 * without an admin screen (scripts/smoke.ts, scripts/bench-customers.ts).
 */
import { randomBytes } from 'node:crypto';
import { DOCUMENT_TYPES } from '@permuta/contracts';
import { documents } from '@permuta/db';
import type { Db } from '@permuta/db';

export async function insertApprovedDocuments(db: Db, userId: string): Promise<void> {
  await db.insert(documents).values(
    DOCUMENT_TYPES.map((type) => ({
      userId,
      type,
      status: 'approved' as const,
      storageKey: `documents/${randomBytes(32).toString('hex')}`,
      originalName: `${type}.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
      sha256: randomBytes(32).toString('hex'),
      reviewedAt: new Date(),
    })),
  );
}
