import { apiErrorSchema } from '@permuta/contracts';
import { z } from 'zod';

/**
 * The error answers a route documents (OpenAPI): each status with the one error shape. Spread it
 * into a route's `response`, e.g. `{ 200: orderSchema, ...apiErrors(400, 401, 403, 404) }`.
 */
export function apiErrors<const S extends number>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** Media types of the files the API sends (OpenAPI: a file answer, not JSON). */
export const FILE_MEDIA_TYPES = {
  csv: ['text/csv'],
  pdf: ['application/pdf'],
  xml: ['application/xml'],
  text: ['text/plain'],
  eventStream: ['text/event-stream'],
  /** an uploaded image or PDF (documents, proofs, boletos) */
  upload: ['image/png', 'image/jpeg', 'application/pdf'],
} as const;

/**
 * The 2xx answer of a route that sends a file or a text stream, e.g.
 * `{ 200: fileAnswer('csv', 'The orders, one a line'), ...apiErrors(400) }`. The document lists
 * it under its media types (plugins/openapi-rules.ts); nothing is serialized by it (the route
 * sends a buffer, a stream or a string with its own content type).
 */
export function fileAnswer(kind: keyof typeof FILE_MEDIA_TYPES, description: string) {
  return z.string().meta({ description, 'x-media-types': [...FILE_MEDIA_TYPES[kind]] });
}
