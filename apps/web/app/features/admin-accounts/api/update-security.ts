import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { securityKey, type SecuritySettings } from './get-security.ts';

/** PUT /api/v1/admin/security (audited). */
export function updateSecurity(input: SecuritySettings, locale: Locale): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>(apiPaths.adminSecurity(), {
    locale,
    method: 'PUT',
    body: input,
  });
}

export function useUpdateSecurity(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SecuritySettings) => updateSecurity(input, locale),
    onSuccess: (settings) => client.setQueryData(securityKey, settings),
  });
}
