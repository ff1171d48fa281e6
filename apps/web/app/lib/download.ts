import { toApiError } from './api.ts';
import type { Locale } from './locale.ts';

/** The file name of a `Content-Disposition` header (RFC 6266 `filename*` first), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/**
 * Downloads a file of the API with the session cookie and saves it under the name the server
 * gives (else `fallbackName`). Throws an ApiError when the server refuses.
 */
export async function downloadFile(url: string, locale: Locale, fallbackName: string) {
  const response = await fetch(url, {
    credentials: 'include',
    headers: { 'accept-language': locale },
  });
  if (!response.ok) throw await toApiError(response, locale);
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = name;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // let the browser start the download before the blob goes away
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
