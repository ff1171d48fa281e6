import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUpdateSchema } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminsKey } from './list-admins.ts';
import type { AdminListItem } from './types.ts';

export type AdminUpdateInput = z.input<typeof adminUpdateSchema>;

/** PATCH /api/v1/admin/admins/:id (username, role and/or password). */
export function updateAdmin(
  id: string,
  input: AdminUpdateInput,
  locale: Locale,
): Promise<AdminListItem> {
  return apiFetch<AdminListItem>(apiPaths.adminAdmin(id), { locale, method: 'PATCH', body: input });
}

export function useUpdateAdmin(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateInput }) =>
      updateAdmin(id, input, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}
