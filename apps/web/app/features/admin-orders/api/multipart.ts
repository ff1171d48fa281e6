import { errorMessage } from '@permuta/contracts/errors';
import { ApiError, toApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';

/**
 * POST a multipart form (one `file` part and text fields) to the API with the session cookie;
 * answers the JSON body, or throws an ApiError with the server's message.
 */
export async function postMultipart<T>(
  path: string,
  parts: { file: File; fields?: Record<string, string | undefined> },
  locale: Locale,
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    if (value !== undefined && value !== '') body.append(name, value);
  }
  // text fields first, then the file (the order a streaming reader would need)
  body.append('file', parts.file, parts.file.name);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'accept-language': locale },
      body,
    });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: errorMessage('INTERNAL_ERROR', locale),
    });
  }
  if (!response.ok) throw await toApiError(response, locale);
  return (await response.json()) as T;
}
