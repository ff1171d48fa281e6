import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { OrderFile } from './types.ts';

/** GET /api/v1/admin/orders/:id/files/:file, saved under the server's file name. */
export function downloadOrderFile(id: string, file: OrderFile, locale: Locale): Promise<void> {
  return downloadFile(apiPaths.adminOrderFile(id, file), locale, `${id}-${file}`);
}

export function useDownloadOrderFile(id: string, locale: Locale) {
  return useMutation({
    mutationFn: (file: OrderFile) => downloadOrderFile(id, file, locale),
  });
}
