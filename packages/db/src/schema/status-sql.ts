import { NOT_OWED_STATUSES } from '@permuta/contracts/order-state';
import type { OrderStatus } from '@permuta/contracts/order-state';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * The statuses as SQL literals, quoted and comma-separated, for an index predicate and the
 * queries that must repeat it word for word (with parameters the planner could not use the index).
 */
export function statusLiterals(statuses: readonly OrderStatus[]): SQL {
  for (const status of statuses) {
    if (!/^[a-z_]+$/.test(status)) throw new Error(`not a status: ${status}`);
  }
  return sql.raw(statuses.map((status) => `'${status}'`).join(', '));
}

/** The statuses of orders whose amount to receive is no longer owed, as SQL literals. */
export const NOT_OWED_STATUS_LIST = statusLiterals(NOT_OWED_STATUSES);
