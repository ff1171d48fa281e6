import type { z } from 'zod';
import type {
  adminCustomerDetailSchema,
  adminListItemSchema,
  customerListItemSchema,
  documentReviewSchema,
} from '@permuta/contracts/accounts';

export type {
  AdminProfile,
  CustomerProfile,
  DocumentView,
  SessionResponse,
} from '@permuta/contracts/accounts';

export type AdminListItem = z.infer<typeof adminListItemSchema>;
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export type DocumentReview = z.input<typeof documentReviewSchema>;
export type CustomerStatusFilter = 'all' | 'active' | 'inactive' | 'unverified' | 'verified';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
