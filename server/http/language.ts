import { type Language, languageFromHeader } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import type { FastifyRequest } from "fastify";

/** The language of the person behind a request: the dashboard and public site send Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers["accept-language"]);
}

export function t(request: FastifyRequest, key: ApiMessageKey, params?: Record<string, string | number>): string {
  return translate(requestLanguage(request), key, params);
}
