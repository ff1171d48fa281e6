import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminsKey } from './list-admins.ts';

/** DELETE /api/v1/admin/admins/:id (refused for oneself and for the last admin). */
export function deleteAdmin(id: string, locale: Locale): Promise<void> {
  return apiFetch<void>(apiPaths.adminAdmin(id), { locale, method: 'DELETE' });
}

export function useDeleteAdmin(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAdmin(id, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}
