import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import { VEHICLE_IMAGES_REQUEST_MAX_BYTES } from "@domain/vehicles";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * How long a client may take to send its request (issue 23.7). A socket held by a client that
 * sends slowly costs the server a file descriptor and memory however little it sends, so a few
 * hundred of them must not be able to stay for minutes. No setting is an environment variable:
 * the numbers follow from what the app itself accepts (its largest upload, its JSON bodies), not
 * from the deployment, and a proxy in front governs its own clients.
 */
export type ClientTimeouts = {
  /** From the first byte of a request to the end of its headers. */
  headersMs: number;
  /** From the end of the headers to the end of any body that is not an owner's upload. */
  bodyMs: number;
  /** The whole of any request, an owner's upload included: Node's `server.requestTimeout`. */
  uploadMs: number;
  /** A socket on which nothing moves either way (a stalled upload, a client that stopped reading). */
  idleMs: number;
  /** An idle connection kept open for the client's next request. */
  keepAliveMs: number;
};

/** 0.8 Mbit/s: a phone on weak 4G or on 3G. The largest upload takes 10.5 minutes at this rate. */
const SLOW_UPLINK_BYTES_PER_S = 100_000;

export const CLIENT_TIMEOUTS: ClientTimeouts = {
  // Headers are a few kilobytes, cookies included: under a second even on 2G. Node's default is
  // 60 s, checked only every 30 s, which let a client trickling headers stay 60 to 90 s.
  headersMs: 10_000,
  // Every body but an upload is JSON (or a small form): a booking is about 1 KB and an owner's
  // largest edit a few tens of KB, which a phone sends with its headers. A body still arriving
  // 10 s later is someone trickling it.
  bodyMs: 10_000,
  // The largest request is a new vehicle with its photos in one multipart body (web/lib/upload.ts
  // sends them together): at most 60 MB, carried whole at a phone's uplink on a weak signal.
  uploadMs: Math.ceil(VEHICLE_IMAGES_REQUEST_MAX_BYTES / SLOW_UPLINK_BYTES_PER_S) * 1000,
  // Longer than any silence of a working connection: the live stream's 25 s heartbeat. An owner's
  // upload, once arrived, is not idle while its photos are re-encoded (`idleWhileWorking`).
  idleMs: 60_000,
  // Longer than the 60 s after which nginx's upstream keepalive and the common load balancers
  // drop an idle connection, so the balancer closes it first and never sends a request on a
  // connection Nelly is closing (a 502). Idle sockets cost a descriptor and no work.
  keepAliveMs: 72_000,
};

/** How often Node looks for requests over `headersMs` or `uploadMs` (its default, 30 s, adds up to that). */
const CHECK_EVERY_MS = 1_000;

/**
 * The HTTP server with `timeouts` applied, as Fastify would create it from the same options, for
 * Fastify's `serverFactory`: requests go to `handle` (kept answers first, then the app).
 */
export function createTimedServer(timeouts: ClientTimeouts, handle: RequestListener): Server {
  const server = createServer(
    { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: CHECK_EVERY_MS },
    handle,
  );
  server.requestTimeout = timeouts.uploadMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.setTimeout(timeouts.idleMs);
  return server;
}

const hasBody = (raw: IncomingMessage) =>
  raw.headers["transfer-encoding"] !== undefined || Number(raw.headers["content-length"] ?? 0) > 0;

// An injected request (app.inject, in tests) arrives whole from memory, on a stand-in socket
// that cannot be cut.
const hasSocket = (raw: IncomingMessage) => typeof raw.socket?.destroy === "function";

const isOwnerUpload = (request: FastifyRequest) =>
  request.routeOptions.config.access === "owner" &&
  /^multipart\/form-data/i.test(request.headers["content-type"] ?? "");

/**
 * The body deadline. One server-wide limit cannot serve both a 60 MB upload from a phone and a
 * trickled 1 KB booking, so every body must arrive within `bodyMs` of its headers, except an
 * owner's multipart upload, which only `uploadMs` bounds. The exemption is granted in preHandler,
 * after the access check has verified the owner's session, and before a multipart body is read
 * (Fastify reads JSON before preHandler, multipart only in the handler): a visitor or an
 * anonymous caller sending multipart gets the short deadline, also when the route answers
 * before reading the body (Node would otherwise drain it until `uploadMs`).
 *
 * A late body cuts the connection, as nothing more can be said to a client that cannot send a
 * kilobyte in 10 s. Nothing is half-stored: a JSON body reaches no handler until it has arrived
 * whole, and an upload is read whole before any file or row is written (server/http/multipart.ts).
 */
export function registerBodyDeadline(
  app: FastifyInstance,
  { bodyMs, idleMs }: Pick<ClientTimeouts, "bodyMs" | "idleMs">,
) {
  const deadlines = new WeakMap<FastifyRequest, ReturnType<typeof setTimeout>>();
  app.addHook("onRequest", (request, _reply, done) => {
    const raw = request.raw;
    if (hasBody(raw) && hasSocket(raw)) {
      const deadline = setTimeout(() => {
        // Past the body's end the connection may be carrying the next request: leave it.
        if (raw.complete) return;
        request.log.info({ bodyMs }, "request body too slow: connection closed");
        raw.socket.destroy();
      }, bodyMs);
      // Never keeps the process alive on its own (a server closing, a test ending).
      deadline.unref();
      raw.once("end", () => clearTimeout(deadline));
      deadlines.set(request, deadline);
    }
    done();
  });
  app.addHook("preHandler", (request, reply, done) => {
    if (isOwnerUpload(request)) {
      clearTimeout(deadlines.get(request));
      if (hasSocket(request.raw)) idleWhileWorking(request, reply, idleMs);
    }
    done();
  });
}

/**
 * Once an owner's upload has arrived whole, nothing moves on its socket until the answer, however
 * long its photos take to re-encode: `idleMs` would cut it (an attacker's walk sent three vehicles
 * of twelve 50-megapixel photos at once; each was saved after 60 s, when the connection was already
 * cut, and the owner, told nothing, would send it again). The limit comes back once the answer
 * (a few kilobytes of JSON) is handed to the socket, for the connection's next request.
 */
function idleWhileWorking(request: FastifyRequest, reply: FastifyReply, idleMs: number) {
  const raw = request.raw;
  const suspend = () => {
    if (reply.raw.headersSent || raw.socket.destroyed) return;
    raw.socket.setTimeout(0);
    reply.raw.once("finish", () => raw.socket.setTimeout(idleMs));
  };
  if (raw.complete) suspend();
  else raw.once("end", suspend);
}
