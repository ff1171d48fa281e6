import { useQuery } from '@tanstack/react-query';
import { toApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { OrderFile } from './types.ts';

/** How a file can be shown inside the order page: an image, a PDF, or not at all (download it). */
export type PreviewKind = 'image' | 'pdf' | 'none';

/**
 * HEAD /api/v1/admin/orders/:id/files/:file/preview: what the file is, without reading it (and
 * without an audit entry; the image or frame that shows it then is the audited read).
 */
export async function previewKind(
  id: string,
  file: OrderFile,
  locale: Locale,
): Promise<PreviewKind> {
  const response = await fetch(apiPaths.adminOrderFilePreview(id, file), {
    method: 'HEAD',
    credentials: 'include',
    headers: { 'accept-language': locale },
  });
  if (response.status === 415) return 'none';
  if (!response.ok) throw await toApiError(response, locale);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('image/')) return 'image';
  return type.startsWith('application/pdf') ? 'pdf' : 'none';
}

export function useOrderFilePreview(id: string, file: OrderFile, locale: Locale, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'orders', 'preview', id, file],
    queryFn: () => previewKind(id, file, locale),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
