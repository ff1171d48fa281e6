import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminPayment,
  AdminPaymentsPage,
  PaymentAttachInput,
  PaymentProvider,
  PaymentRefundAtProviderInput,
  PaymentRefundedInput,
} from '@permuta/contracts/payments';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { paymentsInboxPaths } from '../../../lib/paths/payments-inbox.ts';

/** the inbox's filters (PAYMENT_INBOX_FILTERS): the work waiting, everything, the stuck refunds */
export type PaymentsFilter = 'open' | 'all' | 'refunds';

const LIST_KEY = ['admin', 'payments'] as const;

/** GET /api/v1/admin/payments?status=&provider=&cursor= (keyset: `nextCursor` opens the next page) */
export function listPayments(
  query: {
    status: PaymentsFilter;
    provider?: PaymentProvider | undefined;
    cursor?: string | undefined;
    limit?: number;
  },
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminPaymentsPage> {
  return apiFetch<AdminPaymentsPage>(paymentsInboxPaths.adminPayments(query), { locale, signal });
}

export function usePayments(
  status: PaymentsFilter,
  provider: PaymentProvider | undefined,
  cursor: string | undefined,
  locale: Locale,
) {
  return useQuery(
    queryOptions({
      queryKey: [...LIST_KEY, 'list', status, provider ?? null, cursor ?? null],
      queryFn: ({ signal }) => listPayments({ status, provider, cursor }, locale, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The payments waiting for an admin (the navigation's badge): read with the smallest page. */
export function useOpenPaymentsCount(locale: Locale, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...LIST_KEY, 'open-count'],
      queryFn: ({ signal }) => listPayments({ status: 'open', limit: 5 }, locale, signal),
      select: (page) => page.open.total,
      enabled,
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
  );
}

function useInboxMutation<I>(request: (id: string, input: I) => Promise<AdminPayment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: I }) => request(id, input),
    // the inbox, its badge and the orders the payment moved
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: LIST_KEY }),
        client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}

/** POST /api/v1/admin/payments/:id/attach: the order's funds confirmed with the payment, once. */
export function useAttachPayment(locale: Locale) {
  return useInboxMutation((id: string, input: PaymentAttachInput) =>
    apiFetch<AdminPayment>(paymentsInboxPaths.adminPaymentAttach(id), {
      locale,
      method: 'POST',
      body: input,
    }),
  );
}

/** POST /api/v1/admin/payments/:id/refunded: returned to the payer by hand, with a note. */
export function useMarkRefunded(locale: Locale) {
  return useInboxMutation((id: string, input: PaymentRefundedInput) =>
    apiFetch<AdminPayment>(paymentsInboxPaths.adminPaymentRefunded(id), {
      locale,
      method: 'POST',
      body: input,
    }),
  );
}

/**
 * POST /api/v1/admin/payments/:id/refund: returned through the PSP (one devolução, however many
 * presses); the answer says returned, refused, or still waiting for the PSP.
 */
export function useRefundAtProvider(locale: Locale) {
  return useInboxMutation((id: string, input: PaymentRefundAtProviderInput) =>
    apiFetch<AdminPayment>(paymentsInboxPaths.adminPaymentRefund(id), {
      locale,
      method: 'POST',
      body: input,
    }),
  );
}
