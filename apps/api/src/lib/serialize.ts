/**
 * A route's response serializer that writes the answer as is (JSON.stringify), for a hot route
 * (the order page a customer keeps open; the calculator's quote goes further, see the pricing
 * service's quoteJson): its answer is built by a typed service whose types are the response
 * schema's (z.infer), so parsing it again with zod on every request only costs time. The schema
 * still documents the route (OpenAPI) and the route's tests parse the answers with it. Every
 * other route keeps zod's serializer.
 */
export const writeAsIs = () => (data: unknown) => JSON.stringify(data);
