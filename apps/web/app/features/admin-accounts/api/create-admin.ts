import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCreateSchema } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminsKey } from './list-admins.ts';

export type AdminCreateInput = z.input<typeof adminCreateSchema>;

/** POST /api/v1/admin/admins */
export function createAdmin(input: AdminCreateInput, locale: Locale): Promise<unknown> {
  return apiFetch<unknown>(apiPaths.adminAdmins(), { locale, method: 'POST', body: input });
}

export function useCreateAdmin(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCreateInput) => createAdmin(input, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: adminsKey }),
  });
}
