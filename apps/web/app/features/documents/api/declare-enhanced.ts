import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnhancedDeclarationInput } from '@permuta/contracts/tiers';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** PUT /api/v1/me/enhanced-declaration: monthly income range and occupation. */
export function declareEnhanced(
  input: EnhancedDeclarationInput,
  locale: Locale,
): Promise<EnhancedDeclarationInput> {
  return apiFetch<EnhancedDeclarationInput>(apiPaths.enhancedDeclaration(), {
    locale,
    method: 'PUT',
    body: input,
  });
}

export function useDeclareEnhanced(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EnhancedDeclarationInput) => declareEnhanced(input, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tier-limits'] }),
  });
}
