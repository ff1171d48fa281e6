import type { z } from 'zod';
import type { AdminOrderSort, AdminStatusFilter } from '@permuta/contracts/orders';
import type {
  adminOrderListItemSchema,
  adminOrderPageSchema,
  adminTransitionSchema,
  treasuryAdjustmentSchema,
  treasuryBalanceSchema,
  treasuryEntryPageSchema,
  treasuryEntrySchema,
  treasurySchema,
} from '@permuta/contracts/orders';

export type {
  AdminBulkConfirmResult,
  AdminOrderSort,
  AdminOrderView,
  OrderFile,
  PaymentMethod,
} from '@permuta/contracts/orders';
export type { OrderAction, OrderStatus } from '@permuta/contracts/order-state';

export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;
export type AdminTransition = z.input<typeof adminTransitionSchema>;
export type TreasuryBalance = z.infer<typeof treasuryBalanceSchema>;
export type Treasury = z.infer<typeof treasurySchema>;
export type TreasuryEntry = z.infer<typeof treasuryEntrySchema>;
export type TreasuryEntryPage = z.infer<typeof treasuryEntryPageSchema>;
export type TreasuryAdjustment = z.input<typeof treasuryAdjustmentSchema>;

/** The admin order list's filters, as kept in the page's URL. */
export interface AdminOrderFilters {
  /** a status, all, or the payouts held by the risk limits */
  status: AdminStatusFilter;
  q: string;
  from: string;
  to: string;
  sort: AdminOrderSort;
}
