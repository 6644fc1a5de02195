import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute, publicRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { HttpError } from "../http/errors";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { calendarFeed, calendarUrl, feedToken, regenerateFeedToken } from "./feed";

const tags = ["Calendar"];
const urlResponse = { 200: z.object({ url: z.string() }), ...errorResponses, 404: messageSchema };
/** `{token}.ics`: a token is 32 bytes in base64url, 43 characters; anything else names no feed. */
const feedFile = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}\.ics$/, "notFound")
  .transform((file) => file.slice(0, -".ics".length));

/** A landing's secret iCal feed and its management (issue 11). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/landings/:landingId/calendar",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The landing's secret calendar feed URL (created on the first ask)",
        params: z.object({ landingId: idParam }),
        response: urlResponse,
      },
    },
    async (request) => {
      const token = await feedToken(app.deps.db, ownerIdOf(request), request.params.landingId);
      return { url: calendarUrl(app.deps.config.publicBaseUrl, token) };
    },
  );

  app.post(
    "/landings/:landingId/calendar/regenerate",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "A new calendar feed URL for the landing; the old one stops working",
        params: z.object({ landingId: idParam }),
        response: urlResponse,
      },
    },
    async (request) => {
      const { db, clock, config } = app.deps;
      const token = await regenerateFeedToken(db, ownerIdOf(request), request.params.landingId, clock.now());
      return { url: calendarUrl(config.publicBaseUrl, token) };
    },
  );

  app.get(
    "/calendar/:file",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A landing's reservations as iCalendar, for Google or Apple Calendar (the URL is the secret)",
        params: z.object({ file: feedFile }),
        response: {
          200: {
            description: "The landing's reservations as VEVENTs of one VCALENDAR",
            content: { "text/calendar": { schema: z.string() } },
          },
          404: messageSchema.describe("No feed has this name (a malformed one, or a regenerated feed's old URL)"),
        },
      },
    },
    async (request, reply) => {
      const feed = await calendarFeed(app.deps.db, request.params.file, app.deps.clock.now());
      if (feed === null) throw new HttpError(404, "notFound");
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("referrer-policy", "no-referrer")
        .send(feed);
    },
  );
};
