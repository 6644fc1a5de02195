import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiMessageKey } from "../../domain/messages";
import { requestLanguage, t } from "../http/language";
import { escapeHtml } from "./html";

/** The plain, translated 404 page for any path that is neither the API nor a page we serve. */
export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply) {
  return sendStatusPage(request, reply, 404, {
    title: "pageNotFoundTitle",
    body: "pageNotFoundBody",
    link: { text: "pageNotFoundLink", href: "/" },
  });
}

/**
 * A page that could not be rendered: 503 while the database is away ("back in a moment"), 500 for
 * anything else. Either way a person gets a translated page with a way to try again, never JSON.
 */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: 500 | 503) {
  const retry = { text: "pageRetryLink" as const, href: request.url };
  return status === 503
    ? sendStatusPage(request, reply, 503, { title: "pageUnavailableTitle", body: "pageUnavailableBody", link: retry })
    : sendStatusPage(request, reply, 500, { title: "pageErrorTitle", body: "pageErrorBody", link: retry });
}

type StatusPage = { title: ApiMessageKey; body: ApiMessageKey; link: { text: ApiMessageKey; href: string } };

function sendStatusPage(request: FastifyRequest, reply: FastifyReply, status: number, page: StatusPage) {
  const title = escapeHtml(t(request, page.title));
  const body = escapeHtml(t(request, page.body));
  const link = escapeHtml(t(request, page.link.text));
  const html = `<!doctype html>
<html lang="${requestLanguage(request)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Nelly</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2937; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
  p { color: #4b5563; line-height: 1.5; margin: 0 0 1.5rem; }
  a { color: #4338ca; font-weight: 600; }
  .code { font-size: 3rem; font-weight: 700; color: #9ca3af; margin-bottom: .5rem; }
</style>
</head>
<body><main><div class="code" aria-hidden="true">${status}</div><h1>${title}</h1><p>${body}</p><a href="${escapeHtml(page.link.href)}">${link}</a></main></body>
</html>`;
  return reply.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(html);
}
