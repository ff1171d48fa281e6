import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { TreasuryAdjustment, TreasuryEntry } from './types.ts';

/** POST /api/v1/admin/treasury/adjustments: credit or debit a token's stock, with a note -> 201 */
export function createAdjustment(
  input: TreasuryAdjustment,
  locale: Locale,
): Promise<TreasuryEntry> {
  return apiFetch<TreasuryEntry>(apiPaths.adminTreasuryAdjustments(), {
    locale,
    method: 'POST',
    body: input,
  });
}

export function useCreateAdjustment(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TreasuryAdjustment) => createAdjustment(input, locale),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
  });
}
