import type { ApiErrorBody } from '@permuta/contracts/errors';
import type { Locale } from './locale.ts';

/** An error answered by the API (4xx/5xx), or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, string | number>>;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    params?: Record<string, string | number> | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.params = init.params ?? {};
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const FALLBACK_MESSAGE: Record<Locale, string> = {
  'en-US': 'An error occurred. Please try again or contact support.',
  'pt-BR': 'Ocorreu um erro. Tente novamente ou fale com o suporte.',
};

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Turns an HTTP answer that is not 2xx into an ApiError (the API's error shape when present). */
export async function toApiError(response: Response, locale: Locale): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy page, an empty body)
  }
  if (isErrorBody(body)) {
    const { code, message, fields, params, requestId } = body.error;
    return new ApiError({ status: response.status, code, message, fields, params, requestId });
  }
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR',
    message: FALLBACK_MESSAGE[locale],
  });
}

export interface ApiRequest {
  readonly locale: Locale;
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  readonly headers?: Record<string, string>;
}

/**
 * fetch for the API: cookies included, the page's language in Accept-Language (the API answers
 * its messages in it), JSON in and out, and every failure as an ApiError.
 */
export async function apiFetch<T>(path: string, request: ApiRequest): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': request.locale,
    ...request.headers,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: FALLBACK_MESSAGE[request.locale],
    });
  }
  if (!response.ok) throw await toApiError(response, request.locale);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
