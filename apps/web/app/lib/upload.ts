import { errorMessage } from '@permuta/contracts/errors';
import { ApiError, toApiError } from './api.ts';
import type { Locale } from './locale.ts';

export interface UploadRequest {
  readonly url: string;
  readonly file: File;
  readonly locale: Locale;
  /** the fraction of the body sent so far, 0 to 1 */
  readonly onProgress: (fraction: number) => void;
  /** more multipart text parts sent before the file */
  readonly fields?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
}

/**
 * POST of one file as the multipart part `file`, with the session cookie and the page language.
 * XMLHttpRequest rather than fetch because only it reports upload progress. Resolves with the
 * JSON answer; the server's refusal comes back as an ApiError with its message, a dropped
 * connection as NETWORK_ERROR, an abort through `signal` as an AbortError.
 */
export function uploadWithProgress<T>(request: UploadRequest): Promise<T> {
  const { url, file, locale, onProgress, fields, signal } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', locale);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
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
    for (const [name, value] of Object.entries(fields ?? {})) body.append(name, value);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
