import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";

/** The encodings answers travel in, best first (app.ts registers @fastify/compress with the same). */
export const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];
/** @fastify/compress's own brotli quality: the same bytes whichever path sends a page. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new Map() });

/** The encoding a client asked for, as @fastify/compress reads Accept-Encoding ("*" and x-gzip are gzip). */
export function encodingFor(raw: IncomingMessage): Encoding | null {
  const header = raw.headers["accept-encoding"];
  if (!header || raw.headers["x-no-compression"] !== undefined) return null;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, "gzip"));
}

/** A body as sent, with each compressed form made once, the first time a client asks for it. */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly identity: Buffer) {}

  /** What a cache holding it should count: the body and, once asked for, its compressed forms (a third of it at most). */
  get keptBytes(): number {
    return Math.ceil(this.identity.byteLength * 1.35) + 1;
  }

  in(encoding: Encoding | null): Buffer {
    if (encoding === null) return this.identity;
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === "br" ? zlib.brotliCompressSync(this.identity, BROTLI_OPTIONS) : zlib.gzipSync(this.identity);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** Sends it through Fastify in the client's encoding (the compression plugin leaves an encoded body be). */
  send(reply: FastifyReply) {
    const encoding = encodingFor(reply.request.raw);
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(this.in(encoding));
  }
}

/** An answer kept for one address: what the app sent, and until when it still holds. */
export type KeptAnswer = {
  body: EncodedBody;
  etag: string;
  /** The headers the app set on it (security, caching, type), as name, value, name, value. */
  headers: string[];
  /** Whether it still is what the app would answer (checked on every use). */
  holds: () => boolean;
  /** Called for each request answered from it (a page view counted). */
  answered?: (raw: IncomingMessage) => void;
};

/** Headers the framework sets per request or per body: never kept. */
const PER_REQUEST = new Set(["content-length", "content-encoding", "x-request-id", "set-cookie"]);

/** `reply`'s headers as set so far, fit to keep with a KeptAnswer. */
export function keptHeaders(reply: FastifyReply): string[] {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REQUEST.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  return headers;
}

/**
 * Answers the app keeps whole for an exact address (a public page nobody's visit changes), sent
 * straight from the HTTP server's request event: a kept page then costs what a bare route costs,
 * not Fastify's request cycle, its hooks and its compression on every request (issue 29,
 * docs/performance.md). The app keeps an answer after sending it the ordinary way, with its own
 * headers and a test of whether it still holds; anything else (another method, a body, an answer
 * that no longer holds, a closing server) goes to the app.
 */
export class KeptAnswers {
  // Bounded by the bytes they hold, as the page cache is: a new page on every request must not
  // keep every one of them alive.
  private readonly kept = new LRUCache<string, Prepared>({
    max: 20_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (prepared) => prepared.answer.body.keptBytes,
  });
  private closing = false;
  /** Fastify's logger when it logs each request (at info or below), else null. */
  private log: FastifyBaseLogger | null = null;

  /** With `trustProxy`, the address is the one the proxy says was asked for (X-Forwarded-Host). */
  constructor(private readonly trustProxy: boolean) {}

  /** Logs each answer as Fastify would, once the app has its logger; stops answering when it closes. */
  attach(log: FastifyBaseLogger, onClose: (hook: () => void) => void) {
    this.log = ["trace", "debug", "info"].includes(log.level) ? log : null;
    onClose(() => {
      this.closing = true;
      this.kept.clear();
    });
  }

  private addressOf(raw: IncomingMessage): string {
    const forwarded = this.trustProxy ? (raw.headers["x-forwarded-host"] ?? "") : "";
    return `${forwarded}|${raw.headers.host ?? ""}|${raw.url ?? ""}`;
  }

  keep(raw: IncomingMessage, answer: KeptAnswer) {
    if (!this.closing) this.kept.set(this.addressOf(raw), new Prepared(answer));
  }

  /** Answers `raw` from what is kept and says true, or says false and leaves it to the app. */
  answer(raw: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || (raw.method !== "GET" && raw.method !== "HEAD")) return false;
    // A body (which a GET should not have) is left to the app's limits and deadlines.
    if (raw.headers["content-length"] !== undefined || raw.headers["transfer-encoding"] !== undefined) return false;
    const address = this.addressOf(raw);
    const prepared = this.kept.get(address);
    if (!prepared) return false;
    if (!prepared.answer.holds()) {
      this.kept.delete(address);
      return false;
    }
    const started = performance.now();
    const header = this.trustProxy ? raw.headers["x-request-id"] : undefined;
    const requestId = typeof header === "string" && header ? header : randomUUID();
    if (raw.headers["if-none-match"] === prepared.answer.etag) {
      res.writeHead(304, prepared.head(null, requestId, false));
      res.end();
    } else {
      const encoding = encodingFor(raw);
      res.writeHead(200, prepared.head(encoding, requestId, true));
      res.end(raw.method === "HEAD" ? undefined : prepared.answer.body.in(encoding));
    }
    prepared.answer.answered?.(raw);
    if (this.log) this.logAnswer(raw, res, requestId, performance.now() - started);
    return true;
  }

  /**
   * One line per answer, as Fastify writes "request completed": the request goes through the
   * logger's own `req` serializer (logging.ts: URL secrets redacted), given what it reads of a
   * Fastify request.
   */
  private logAnswer(raw: IncomingMessage, res: ServerResponse, reqId: string, responseTime: number) {
    const forwardedFor = this.trustProxy
      ? String(raw.headers["x-forwarded-for"] ?? "")
          .split(",")[0]
          ?.trim()
      : "";
    const req = {
      method: raw.method,
      url: raw.url ?? "",
      host: (this.trustProxy && raw.headers["x-forwarded-host"]) || raw.headers.host,
      ip: forwardedFor || raw.socket.remoteAddress,
      socket: raw.socket,
    };
    this.log?.info({ reqId, req, res: { statusCode: res.statusCode }, responseTime }, "request completed");
  }
}

/**
 * A kept answer with its response heads built once per encoding (and for 304, which has no type):
 * only the request id differs between two requests, written into the head's last slot just before
 * `writeHead`, which reads the head at once.
 */
class Prepared {
  private readonly heads = new Map<string, string[]>();

  constructor(readonly answer: KeptAnswer) {}

  head(encoding: Encoding | null, requestId: string, withBody: boolean): string[] {
    const name = withBody ? (encoding ?? "identity") : "304";
    let head = this.heads.get(name);
    if (!head) {
      const { headers, body } = this.answer;
      head = [];
      for (let index = 0; index < headers.length; index += 2) {
        const header = headers[index] ?? "";
        if (withBody || header !== "content-type") head.push(header, headers[index + 1] ?? "");
      }
      if (withBody) {
        if (encoding) head.push("content-encoding", encoding);
        head.push("content-length", String(body.in(encoding).byteLength));
      }
      head.push("x-request-id", "");
      this.heads.set(name, head);
    }
    head[head.length - 1] = requestId;
    return head;
  }
}
