import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "./access";
import { t } from "./language";
import { messageSchema } from "./schemas";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { ...publicRoute, rateLimit: false },
      schema: {
        tags: ["Health"],
        summary: "Answers 200 when the server and its database are reachable",
        response: { 200: z.object({ status: z.literal("ok") }), 503: messageSchema },
      },
    },
    async (request, reply) => {
      try {
        // Stryker disable next-line StringLiteral: any statement, even an empty one, needs the database.
        await app.deps.db.execute(sql`select 1`);
        return { status: "ok" as const };
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send({ message: t(request, "databaseUnavailable") });
      }
    },
  );
};
