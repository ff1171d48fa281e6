import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { documentRoute, finishDocument, OPENAPI_TAGS, SECURITY_SCHEMES } from './openapi-rules.ts';

const LOCAL_ADDRESS = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * OpenAPI 3.1 built from the routes' zod schemas, at /api/openapi.json; readable at /api/docs.
 * What every operation shares (its security, the error answers of its guard, validation and rate
 * limit) is added here from how the route is registered (openapi-rules.ts), so the document
 * follows the code; `npm run lint:openapi` lints it with Redocly (decision 058).
 */
export default fp<{ brandName: string; publicUrl: string }>(
  async (app, options) => {
    // before any feature registers its routes: each one is documented as it is added
    app.addHook('onRoute', documentRoute);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${options.brandName} API`,
          version: '1.0.0',
          description:
            'JSON API of the exchange. Errors always have the shape `{ "error": { "code", "message", "fields", "requestId" } }` (the `ApiError` schema); messages follow the Accept-Language header (pt-BR or en-US). Signed-in calls carry the `auth_token` session cookie; state-changing ones must come from the site\'s own origin.',
          contact: { name: options.brandName, url: `${options.publicUrl}/contact` },
          license: { name: 'Proprietary', url: `${options.publicUrl}/terms-of-service` },
        },
        // a development address is no server to publish: the document's own origin then
        servers: [
          LOCAL_ADDRESS.test(options.publicUrl)
            ? { url: '/', description: 'This installation (where this document is served)' }
            : { url: options.publicUrl, description: 'This installation' },
        ],
        tags: OPENAPI_TAGS,
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) => finishDocument(jsonSchemaTransformObject(input)),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // the app-wide CSP of the security plugin applies (a second, stricter header from the
      // docs plugin would block the inline styles the docs page needs)
      staticCSP: false,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
