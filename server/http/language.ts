import { isLanguage, type Language, languageFromHeader } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import type { FastifyRequest } from "fastify";

/**
 * The language of the person behind a request: the dashboard and public site send Accept-Language.
 * A request without it (a client of the API) that names a language in its body, as a booking does
 * for its emails, is answered in that one; else in English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["accept-language"];
  if (!header) {
    const named = bodyLanguage(request.body);
    if (named) return named;
  }
  return languageFromHeader(header);
}

function bodyLanguage(body: unknown): Language | null {
  if (typeof body !== "object" || body === null || !("language" in body)) return null;
  return isLanguage(body.language) ? body.language : null;
}

export function t(request: FastifyRequest, key: ApiMessageKey, params?: Record<string, string | number>): string {
  return translate(requestLanguage(request), key, params);
}
