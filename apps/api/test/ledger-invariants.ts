import { sql } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import type { Db } from '@permuta/db';
import { openTestApps } from './build-test-app.ts';

/**
 * The treasury ledger's invariants (PRODUCT.md section 2), checked on every open test app after
 * every test of the API suite, whatever the test did:
 * - the sum per token is never negative;
 * - the token's running balance (`tokens.ledger_balance`, decision 064) equals that sum;
 * - an order has at most one entry of each kind it causes (funds received, payout, refund);
 * - funds are received only by an order whose funds were confirmed (or that went on from there),
 *   a payout only by an order paid out, a refund only by a refunded order.
 * An empty list means the ledger is sound.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const result = await db.execute<{ violation: string }>(sql`
    SELECT 'token ' || t.code || ' sums to ' || s.total::text AS violation
      FROM (SELECT token_id,
                   sum(CASE WHEN direction = 'credit' THEN amount ELSE -amount END) AS total
              FROM treasury_entries GROUP BY token_id) s
      JOIN tokens t ON t.id = s.token_id
     WHERE s.total < 0
    UNION ALL
    SELECT 'token ' || t.code || ' keeps a running balance of ' || t.ledger_balance::text
           || ' for a ledger summing to ' || coalesce(s.total, 0)::text AS violation
      FROM tokens t
      LEFT JOIN (SELECT token_id,
                        sum(CASE WHEN direction = 'credit' THEN amount ELSE -amount END) AS total
                   FROM treasury_entries GROUP BY token_id) s ON s.token_id = t.id
     WHERE t.ledger_balance <> coalesce(s.total, 0)
    UNION ALL
    SELECT 'order ' || o.reference || ' has ' || count(*)::text || ' ' || e.kind::text || ' entries'
      FROM treasury_entries e JOIN orders o ON o.id = e.order_id
     GROUP BY o.reference, e.kind HAVING count(*) > 1
    UNION ALL
    SELECT 'order ' || o.reference || ' (' || o.status::text || ') has a ' || e.kind::text || ' entry'
      FROM treasury_entries e JOIN orders o ON o.id = e.order_id
     WHERE (e.kind = 'funds_received'
            AND o.status NOT IN ('admin_confirmed', 'processing', 'error', 'admin_paid',
                                 'completed', 'refunded'))
        OR (e.kind = 'payout' AND o.status NOT IN ('admin_paid', 'completed'))
        OR (e.kind = 'refund' AND o.status <> 'refunded')`);
  return result.rows.map((row) => row.violation);
}

afterEach(async () => {
  for (const testApp of openTestApps) {
    // a test that closed the database under its app on purpose (readiness, shutdown)
    if (testApp.handle.pglite?.closed || testApp.handle.pool?.ended) continue;
    expect(await ledgerViolations(testApp.app.db), 'treasury ledger invariants').toEqual([]);
  }
});
