import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { rootPlugin } from '../lib/root-plugin.js';
import { BEARER_SCHEME } from '../lib/route-schemas.js';

/** The OpenAPI document (JSON) and the browsable reference, both public (no bearer token). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
/** The terms the document's `info.license` points at (public, like the rest of the docs). */
export const LICENSE_PATH = `${DOCS_PREFIX}/license`;

/** The two public documentation addresses: the document, and the reference page with its assets. */
export function isDocumentationPath(url: string): boolean {
  return url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

/** Only the API is described: /api routes other than the documentation itself. */
function isDescribedPath(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !isDocumentationPath(url);
}

/**
 * Swagger UI's colours that fail WCAG AA contrast (white on light badges, green on white),
 * darkened, and its "copy" buttons (shown while the pointer is over an operation) at the 24 px
 * a touch target needs (axe target-size). Served as a file (/api/docs/static/theme/portico.css), so no inline style.
 */
const docsCss = `
.swagger-ui .info .title small { background: #4f5662; }
.swagger-ui .info .title small.version-stamp { background: #3d6b00; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1c5aa6; }
.swagger-ui .btn.authorize { color: #17693f; border-color: #17693f; }
.swagger-ui .btn.authorize svg { fill: #17693f; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1c5aa6; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17693f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0b6b5c; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated { color: #595959; }
.swagger-ui .btn.cancel { color: #b3261e; border-color: #b3261e; }
.swagger-ui .btn.execute { background-color: #1c5aa6; border-color: #1c5aa6; }
.swagger-ui .download-contents { background: #4f5662; }
.swagger-ui .copy-to-clipboard { min-width: 24px; }
.swagger-ui .copy-to-clipboard button { min-width: 24px; min-height: 24px; }
`;

/**
 * Swagger UI's dialog close buttons hold only an icon: give them a name (axe button-name);
 * its list of servers (the document's \`servers\`) has an empty label: name it (select-name);
 * code blocks (examples, live answers) may scroll: make them reachable by keyboard.
 */
const docsJs = `new MutationObserver(function () {
  document.querySelectorAll('.swagger-ui button.close-modal:not([aria-label])').forEach(function (button) {
    button.setAttribute('aria-label', 'Close');
  });
  document.querySelectorAll('.swagger-ui select#servers:not([aria-label])').forEach(function (select) {
    select.setAttribute('aria-label', 'Server');
  });
  document.querySelectorAll('.swagger-ui pre:not([tabindex])').forEach(function (block) {
    block.setAttribute('tabindex', '0');
  });
}).observe(document.documentElement, { childList: true, subtree: true });
`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A response declared as `noContent()` (z.null(), e.g. a 204) becomes `{ type: 'null' }`,
 * which @fastify/swagger documents as a response without content; zod's OpenAPI 3.0 output
 * for null (a nullable enum of null) would otherwise be documented as a JSON body.
 */
function withBodilessResponses<Schema extends FastifySchema | undefined>(schema: Schema): Schema {
  if (!schema || !isRecord(schema.response)) return schema;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, json]) => {
      const isNull =
        isRecord(json) &&
        Array.isArray(json.enum) &&
        json.enum.length === 1 &&
        json.enum[0] === null;
      return [status, isNull ? { type: 'null', description: json.description } : json];
    }),
  );
  return { ...schema, response };
}

/** Every `$ref` to a component schema anywhere under `value`, by the schema's name. */
function schemaRefsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) schemaRefsOf(item, into);
  } else if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const name =
        key === '$ref' && typeof inner === 'string'
          ? /^#\/components\/schemas\/(.+)$/.exec(inner)?.[1]
          : undefined;
      if (name !== undefined) into.add(name);
      else schemaRefsOf(inner, into);
    }
  }
  return into;
}

/**
 * Only the component schemas the document uses. fastify-type-provider-zod lists every
 * contract with a `.meta({ id })` twice, as read (`Problem`) and as written (`ProblemInput`),
 * whether or not any operation takes or answers it; an unused component is noise to a client
 * generator (and a `no-unused-components` warning in `redocly lint`, issue 27).
 */
function withoutUnusedSchemas<Document extends Record<string, unknown>>(
  document: Document,
): Document {
  const components = isRecord(document.components) ? document.components : undefined;
  const schemas = isRecord(components?.schemas) ? components.schemas : undefined;
  if (!components || !schemas) return document;
  // Components may refer to each other: follow the references from the rest of the document.
  const used = schemaRefsOf({ ...document, components: { ...components, schemas: {} } });
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const inner of schemaRefsOf(schemas[name])) {
      if (!used.has(inner)) {
        used.add(inner);
        pending.push(inner);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * What `info.license` says: the API is not open source; using it is a matter of the caller's
 * agreement with whoever runs the portal (docs/decisions/0048-an-api-document-clients-can-be-generated-from.md).
 */
const licenseText = `Portico API: proprietary.

Using the Portico API, its OpenAPI document (${OPENAPI_PATH}) and clients generated from it is
governed by your customer or partner agreement with the operator of this portal.
`;

const description = `The Portico API: everything the portal's single-page app calls under \`/api\`.

Every operation needs a bearer access token (a JWT from the sign-in provider, audience \`OIDC_AUDIENCE\`)
unless it says otherwise. Errors are always RFC 9457 problem details (\`application/problem+json\`):
\`{ type, title, status, detail, instance }\`, a \`detail\` written for the caller, and \`errors\`
(\`[{ field, message }]\`) when fields of the request are not valid. Request parameters are validated by the same zod schemas this document is
generated from (\`packages/contracts\`).`;

/**
 * One place for route schemas (docs/decisions/0018-route-schemas-and-openapi.md): routes
 * declare params, querystring, body and responses with zod contracts; this plugin makes
 * those schemas validate requests and serialise responses (fastify-type-provider-zod) and
 * turns them into the OpenAPI 3 document at /api/openapi.json, with Swagger UI at /api/docs.
 * Register it before any route: the compilers and the document's route collector apply to
 * routes registered after it.
 */
export const openapiPlugin = rootPlugin('portico-openapi', async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The documentation needs no token (plugins/auth.ts honours `config.public`).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isDocumentationPath(route.url)) route.config = { ...route.config, public: true };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Portico API',
        version: '1.0.0',
        description,
        // Relative, like the server: the document is the same whichever address serves it.
        license: { name: 'Proprietary', url: LICENSE_PATH },
      },
      // Same origin: the paths start with /api, and every node behind the balancer (or a
      // developer's localhost) serves the API where it serves this document.
      servers: [{ url: '/', description: 'The server this document was loaded from.' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'An access token from the sign-in provider (the embedded one at /oidc by default), sent as `Authorization: Bearer <token>`.',
          },
        },
      },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: (document) => {
      if (!isDescribedPath(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      return { ...transformed, schema: withBodilessResponses(transformed.schema) };
    },
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page loads its scripts and styles from /api/docs/static (no inline script), so
    // the app's Content-Security-Policy (plugins/security-headers.ts) is left as it is.
    // Accessibility (axe, WCAG 2.2 AA): BaseLayout has no top bar (a foreign logo without alt
    // text, an unlabelled address box); without deep links no link sits inside the
    // operations' buttons; plain code blocks; darker colours (docsCss); named close buttons, focusable code blocks (docsJs).
    uiConfig: {
      deepLinking: false,
      validatorUrl: null,
      layout: 'BaseLayout',
      syntaxHighlight: false,
    },
    theme: {
      title: 'Portico API reference',
      css: [{ filename: 'portico.css', content: docsCss }],
      js: [{ filename: 'portico.js', content: docsJs }],
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  app.get(LICENSE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(licenseText),
  );
});
