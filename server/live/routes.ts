import { Readable } from "node:stream";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions } from "../db/schema";
import { ownerRoute } from "../http/access";
import { ownerOf } from "../http/auth";
import { errorResponses } from "../http/schemas";
import { LiveHub } from "./hub";
import { EventStream } from "./stream";

/** A comment this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay; a session expiring later is checked again at each heartbeat. */
const MAX_TIMER_MS = 2_147_483_647;

/** Server-sent events to the owner's open dashboards (issue 11). */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new LiveHub(app.deps.listen, app.log);
  const open = new Set<EventStream>();
  // Open streams would keep app.close() waiting for their connections: they end first.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.end();
  });
  app.addHook("onClose", async () => hub.close());

  const sessionAlive = async (sessionId: number) => {
    const [row] = await app.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, app.deps.clock.now())));
    return Boolean(row);
  };

  app.get(
    "/live",
    {
      // The browser reopens the stream by itself: that keeps no session open while nobody is there.
      config: { ...ownerRoute, sessionActivity: false },
      // A HEAD would open a stream that never ends with nothing to read in it.
      exposeHeadRoute: false,
      // Compression would hold events back in its buffer until enough text piled up.
      compress: false,
      schema: {
        tags: ["Live"],
        summary:
          "Server-sent events of the owner's landings: `reservation.created` and `reservation.cancelled` (by the customer) with the reservation's id, reference, landing, source and customer's first name",
        response: {
          200: {
            description: "An event stream that stays open until the session ends",
            // A stream, not a string: the handler sends events as they happen.
            content: {
              "text/event-stream": {
                schema: z
                  .instanceof(Readable)
                  .describe("`event:` and `data:` (JSON) lines per event, and `:` heartbeats"),
              },
            },
          },
          401: errorResponses[401],
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const stream = new EventStream();
      const unsubscribe = await hub.subscribe(owner.user.id, (message) => stream.send(message));
      open.add(stream);

      const untilExpiry = owner.expiresAt.getTime() - app.deps.clock.now().getTime();
      const expiry = setTimeout(() => stream.end(), Math.max(0, Math.min(untilExpiry, MAX_TIMER_MS)));
      // A signed-out or expired session ends its stream; the browser's reconnect then gets a 401.
      const heartbeat = setInterval(() => {
        sessionAlive(owner.sessionId)
          .then((alive) => (alive ? stream.heartbeat() : stream.end()))
          .catch(() => stream.heartbeat());
      }, HEARTBEAT_MS);
      reply.raw.on("close", () => {
        clearTimeout(expiry);
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        stream.end();
      });

      return reply
        .type("text/event-stream; charset=utf-8")
        .header("cache-control", "no-store, no-transform")
        .header("x-accel-buffering", "no")
        .send(stream.body);
    },
  );
};
