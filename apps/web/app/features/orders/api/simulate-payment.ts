import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulatedPayment } from '@permuta/contracts/demo';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/**
 * POST /api/v1/dev/simulate-payment/:reference: the development demo's fake provider pays the
 * order (decision 045). The order's live stream then brings each move.
 */
export function simulatePayment(reference: string, locale: Locale): Promise<SimulatedPayment> {
  return apiFetch<SimulatedPayment>(apiPaths.demoSimulatePayment(reference), {
    locale,
    method: 'POST',
    body: {},
  });
}

export function useSimulatePayment(queryId: string, reference: string, locale: Locale) {
  const client = useQueryClient();
  const session = useSessionKey();
  return useMutation({
    mutationFn: () => simulatePayment(reference, locale),
    onSettled: () =>
      void client.invalidateQueries({ queryKey: orderKeys.detail(session, queryId) }),
  });
}
