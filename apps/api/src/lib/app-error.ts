import type { ErrorCode, ErrorParams } from '@permuta/contracts';

/**
 * A failure the caller can act on: a stable code, an HTTP status, parameters for the localised
 * message and optional per-field messages (keys of FIELD_MESSAGES). Thrown by services, turned
 * into the API's error shape by the error handler.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams;
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    params: ErrorParams = {},
    fields?: Record<string, string>,
  ) {
    super(code);
    this.code = code;
    this.status = status;
    this.params = params;
    this.fields = fields;
  }
}

export const badRequest = (
  code: ErrorCode,
  params?: ErrorParams,
  fields?: Record<string, string>,
) => new AppError(code, 400, params, fields);
export const notFound = (code: ErrorCode = 'NOT_FOUND', params?: ErrorParams) =>
  new AppError(code, 404, params);
export const unprocessable = (
  code: ErrorCode,
  params?: ErrorParams,
  fields?: Record<string, string>,
) => new AppError(code, 422, params, fields);
export const unavailable = (code: ErrorCode, params?: ErrorParams) =>
  new AppError(code, 503, params);
