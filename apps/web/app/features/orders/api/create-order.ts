import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreateInput, OrderView } from '@permuta/contracts/orders';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

export interface CreateOrderVariables {
  readonly body: OrderCreateInput;
  /** one key per confirmation attempt: a retry of the same attempt sends the same key */
  readonly idempotencyKey: string;
}

/** POST /api/v1/orders with an `Idempotency-Key` header: retries create one order. */
export function createOrder(
  { body, idempotencyKey }: CreateOrderVariables,
  locale: Locale,
): Promise<OrderView> {
  return apiFetch<OrderView>(apiPaths.orders({}), {
    locale,
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** Worth sending again with the same key: no answer, a server failure, or the first still running. */
export function isRetryableCreate(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 0 || error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS')
  );
}

export function useCreateOrder(locale: Locale) {
  const client = useQueryClient();
  const session = useSessionKey();
  return useMutation({
    mutationFn: (variables: CreateOrderVariables) => createOrder(variables, locale),
    retry: (count, error) => count < 2 && isRetryableCreate(error),
    retryDelay: (count) => 800 * 2 ** count,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(session, order.reference), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists(session) });
      void client.invalidateQueries({ queryKey: orderKeys.limits(session) });
    },
  });
}

/** A fresh key for a new confirmation attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
