import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@permuta/contracts/orders';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/** POST /api/v1/orders/:id/proof, multipart `file` (the documents' file rules), with progress. */
export function uploadProof(
  id: string,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<OrderView> {
  return uploadWithProgress<OrderView>({
    url: apiPaths.orderProof(id),
    file,
    locale,
    onProgress,
    signal,
  });
}

export function useUploadProof(id: string, locale: Locale) {
  const client = useQueryClient();
  const session = useSessionKey();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadProof(id, file, locale, onProgress),
    onSuccess: (order) => client.setQueryData(orderKeys.detail(session, id), order),
  });
}
