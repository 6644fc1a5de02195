import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** Far deeper than any payload of the API (add-ons: an array of objects, depth 3). */
export const MAX_JSON_DEPTH = 32;

/**
 * How deeply a JSON text nests arrays and objects, counted without parsing it (brackets inside
 * strings do not count). Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  // Stryker disable next-line EqualityOperator: reading one past the end gives NaN, which matches nothing.
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (prototype poisoning refused), after a depth check: a
 * body nested thousands of levels deep would otherwise overflow the stack of whatever walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  // Stryker disable next-line StringLiteral: an empty action means secure-json-parse's default, "error".
  const defaultParser = app.getDefaultJsonParser("error", "error");
  // Replaces Fastify's own JSON parser (the built-in ones may be overridden).
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body); // a string already (parseAs), typed as string | Buffer
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, "jsonTooDeep"), undefined);
      return;
    }
    defaultParser(request, text, done);
  });
}
