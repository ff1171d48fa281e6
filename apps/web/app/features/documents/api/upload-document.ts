import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, DocumentView } from '@permuta/contracts/accounts';
import { errorMessage } from '@permuta/contracts/errors';
import { ApiError, toApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { myDocumentsKey } from './get-my-documents.ts';

/**
 * POST /api/v1/me/documents/:type, multipart with one part `file`. XMLHttpRequest rather than
 * fetch because only it reports upload progress: `onProgress` gets the fraction sent (0 to 1).
 * The server's refusal comes back as an ApiError with its message.
 */
export function uploadDocument(
  type: DocumentType,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPaths.myDocumentUpload(type));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', locale);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as DocumentView);
        } catch {
          reject(
            new ApiError({
              status: xhr.status,
              code: 'INTERNAL_ERROR',
              message: errorMessage('INTERNAL_ERROR', locale),
            }),
          );
        }
        return;
      }
      const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
      void toApiError(new Response(xhr.responseText || null, { status }), locale).then(reject);
    };
    const failed = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'NETWORK_ERROR',
          message: errorMessage('INTERNAL_ERROR', locale),
        }),
      );
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
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
