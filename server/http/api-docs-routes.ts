import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from "fastify-type-provider-zod";
import { apiSchemaRegistry } from "#core/api/api-schemas.ts";
import { siteConfig } from "#core/site-config.ts";
import { applyZodSchemas } from "./validate.ts";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PREFIX = "/api/docs";

/** Swagger UI's files and inline styles; nothing else on the site allows these. */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const transform = createJsonSchemaTransform({ schemaRegistry: apiSchemaRegistry });
const transformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemaRegistry });

/** zod emits each named schema as read and as written; only those an operation uses are kept. */
const withoutUnusedComponents: typeof transformObject = (document) => {
  const openapi = transformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = openapi.components?.schemas;
  if (schemas) {
    let text = JSON.stringify({ ...openapi, components: { ...openapi.components, schemas: {} } });
    const keep = new Set<string>();
    // Components may refer to each other: follow the references until nothing new turns up.
    for (let added = true; added;) {
      added = false;
      for (const name of Object.keys(schemas)) {
        if (!keep.has(name) && text.includes(`"#/components/schemas/${name}"`)) {
          keep.add(name);
          text += JSON.stringify(schemas[name]);
          added = true;
        }
      }
    }
    for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
  }
  return openapi as ReturnType<typeof transformObject>;
};

/** Registered before any route, so every route is seen. */
export async function registerApiDocs(app: FastifyInstance) {
  applyZodSchemas(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${siteConfig.brand} API`,
        version: "1.0.0",
        description:
          "The storefront's JSON API: catalogue, search, contact, accounts, orders and the staff back office. " +
          "Errors are `{ error: { code, message, fields? } }`. Calls that need a login take `Authorization: Bearer <token>` " +
          "from `POST /api/login`; `/api/admin/*` needs a staff account's token.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    // Only the API is documented: the pages beside it, and the docs themselves, are not.
    transform: (document) =>
      document.url.startsWith("/api/") && !document.url.startsWith(API_DOCS_PREFIX)
        ? transform(document)
        : { schema: { hide: true } as never, url: document.url },
    transformObject: withoutUnusedComponents,
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: API_DOCS_CSP,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: `${siteConfig.brand} API` },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(JSON.stringify(app.swagger())),
  );
}
