import { apiErrorSchema } from '@permuta/contracts';

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
