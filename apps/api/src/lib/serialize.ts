/**
 * A route's response serializer that writes the answer as is (JSON.stringify), for the hottest
 * routes (the calculator's quote, the order page a customer keeps open): their answers are built
 * by typed services whose types are the response schemas' (z.infer), so parsing them again with
 * zod on every request only costs time. The schemas still document the routes (OpenAPI) and the
 * routes' tests parse the answers with them. Every other route keeps zod's serializer.
 */
export const writeAsIs = () => (data: unknown) => JSON.stringify(data);
