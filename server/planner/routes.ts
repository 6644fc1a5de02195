import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { numberInput } from "../../domain/number-input";
import { isoDateField, reservationSchema } from "../../domain/reservations";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentReservation } from "../reservations/presenter";
import { PLANNER_DAYS, plannerResponseSchema } from "./schemas";
import { plannerOf, plannerReservation } from "./service";

const tags = ["Planner"];
const responses = { ...errorResponses, 404: messageSchema };

const windowQuery = z.object({
  from: isoDateField,
  days: numberInput({ required: "required", invalid: "invalid" }).refine(
    (days) => (PLANNER_DAYS as readonly number[]).includes(days),
    "invalid",
  ),
});

/** The planner's timeline of a landing's fleet (issue 11). */
export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/planner/reservations/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "One of the owner's reservations, whole, for the planner's detail dialog",
        params: z.object({ id: idParam }),
        response: { 200: reservationSchema, ...responses },
      },
    },
    async (request) =>
      presentReservation(
        await plannerReservation(app.deps.db, ownerIdOf(request), request.params.id),
        app.deps.storage.url,
      ),
  );

  app.get(
    "/planner/:landingId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "A landing's fleet over a week (days=7) or a month (days=31) from `from`: one lane per unit, with its bookings (not cancelled) and blocks; overbooked lanes hold what does not fit",
        params: z.object({ landingId: idParam }),
        querystring: windowQuery,
        response: { 200: plannerResponseSchema, ...responses },
      },
    },
    async (request) =>
      plannerOf(
        app.deps.db,
        ownerIdOf(request),
        request.params.landingId,
        request.query,
        app.deps.clock.now(),
        app.deps.storage.url,
      ),
  );
};
