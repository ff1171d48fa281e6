import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, DocumentView } from '@permuta/contracts/accounts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { myDocumentsKey } from './get-my-documents.ts';

/**
 * POST /api/v1/me/documents/:type, multipart with one part `file`, with upload progress
 * (`onProgress` gets the fraction sent, 0 to 1). The server's refusal comes back as an ApiError
 * with its message.
 */
export function uploadDocument(
  type: DocumentType,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentView> {
  return uploadWithProgress<DocumentView>({
    url: apiPaths.myDocumentUpload(type),
    file,
    locale,
    onProgress,
    signal,
  });
}

export function useUploadDocument(type: DocumentType, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadDocument(type, file, locale, onProgress),
    onSettled: () => client.invalidateQueries({ queryKey: myDocumentsKey }),
  });
}
