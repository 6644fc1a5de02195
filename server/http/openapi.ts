import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { messageSchema } from "./schemas";

/** An owner call carries the session either way (server/http/auth.ts): the cookie or the bearer token. */
const OWNER_SECURITY: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];

/** Every body is parsed before the route runs, so any request with one can fail there. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

const malformedBody = messageSchema.describe(
  "Malformed body: JSON that does not parse or nests too deep (json-body.ts), or a broken multipart form",
);

/**
 * The OpenAPI document at /api/docs: what each route declares, plus what every route shares and
 * so is said here once (who may call it, its operationId, the 400 of a malformed body, the
 * server's address), in a form that validates against OpenAPI 3.0 (`npm test` lints it).
 */
export function openApiOptions(publicBaseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: { title: "Nelly API", version: "1.0.0", description: "The owner and public API of Nelly." },
      servers: [{ url: publicBaseUrl.replace(/\/+$/, "") }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "nelly_session" },
        },
      },
    },
    transform: documentRoute,
    transformObject,
  };
}

/** One route's operation: its own schema (zod, turned into JSON Schema) and what all routes share. */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, route, url } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = [route.method].flat()[0] ?? "GET";
  const takesBody = BODY_METHODS.has(method) || schema.body !== undefined;
  const response = schema.response as Record<string, unknown> | undefined;
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      // The same decision registerAccessControl (access.ts) enforces: anything not public needs a session.
      security: route.config?.access === "public" ? [] : OWNER_SECURITY,
      ...(takesBody && { response: { 400: malformedBody, ...response } }),
    },
  });
};

const transformObject: SwaggerTransformObject = (document) => {
  if (!("openapiObject" in document)) return document.swaggerObject;
  const { paths, ...rest } = nullableInBranches(document.openapiObject) as { paths: Paths };
  return { ...rest, paths: mergeIdenticalPaths(paths) } as ReturnType<SwaggerTransformObject>;
};

/**
 * A stable name from the method and the route's own path, e.g. `GET /api/publicLanding/:name` is
 * `getPublicLandingByName`, so generated clients keep their function names across releases.
 */
export function operationIdOf(method: string, url: string): string {
  const words = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("");
  let id = method.toLowerCase();
  let afterParam = false;
  for (const segment of url.replace(/^\/api\//, "").split("/")) {
    const param = segment.startsWith(":");
    if (param) id += (afterParam ? "And" : "By") + words(segment.slice(1));
    else id += words(segment);
    afterParam = param;
  }
  return id;
}

/**
 * OpenAPI 3.0 has no null type: zod's nullable unions come out as `anyOf` beside `nullable`,
 * which 3.0 allows only beside a `type`. Making each branch nullable instead accepts the same values.
 */
function nullableInBranches(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableInBranches);
  if (value === null || typeof value !== "object") return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, nullableInBranches(child)]));
  return node.nullable === true ? nullable(node) : node;
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.type !== undefined || !Array.isArray(schema.anyOf)) return { ...schema, nullable: true };
  const { nullable: _, anyOf, ...rest } = schema;
  return { ...rest, anyOf: anyOf.map((branch: Record<string, unknown>) => nullable(branch)) };
}

type Parameter = { in: string; name: string; description?: string };
type Paths = Record<string, Record<string, { parameters?: Parameter[] }>>;

/**
 * Routes of different methods may name the same path segment differently (`GET /api/reservations/:landingId`
 * with its filters, `DELETE /api/reservations/:id`); OpenAPI holds such paths as one. They join under
 * the template whose operations take the most parameters (the list keeps its own path; ties go to the
 * first in sort order, not to registration order), where that template stood, and an operation that
 * named a segment otherwise says so on the renamed parameter.
 */
function mergeIdenticalPaths(paths: Paths): Paths {
  const shapeOf = (template: string) => template.replace(/\{[^}]+\}/g, "{}");
  const paramNames = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const weight = (template: string) =>
    Object.values(paths[template] ?? {}).reduce((sum, operation) => sum + (operation.parameters?.length ?? 0), 0);
  const kept = new Map<string, string>();
  const candidates = Object.keys(paths).sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1));
  for (const template of candidates) {
    if (!kept.has(shapeOf(template))) kept.set(shapeOf(template), template);
  }
  const joined: Paths = {};
  for (const [template, item] of Object.entries(paths)) {
    const target = kept.get(shapeOf(template)) ?? template;
    const from = paramNames(template);
    const to = paramNames(target);
    const rename = (parameter: Parameter) => {
      const name = parameter.in === "path" ? to[from.indexOf(parameter.name)] : undefined;
      if (name === undefined || name === parameter.name) return parameter;
      const description = `This operation's \`${parameter.name}\` (a path names each segment once for all its methods)`;
      return { ...parameter, name, description: parameter.description ?? description };
    };
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters?.map(rename);
      joined[target] = { ...joined[target], [method]: { ...operation, ...(parameters && { parameters }) } };
    }
  }
  // The document's order stays the routes' order, which readers (and the malformed-input sweep) go by.
  return Object.fromEntries(
    Object.keys(paths).flatMap((template) => {
      const item = joined[template];
      return item ? [[template, item]] : [];
    }),
  );
}
