import { numberInput, wholeNumberInput } from "@domain/number-input";
import { PLANNER_DAYS, plannerResponseSchema } from "@domain/planner";
import { isoDateField, reservationSchema } from "@domain/reservations";
import { UNITS_MAX, unitName } from "@domain/vehicles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentReservation } from "../reservations";
import { plannerOf, plannerReservation } from "./service";
import { assignUnit, vehicleUnitLabels } from "./unit-assignment";

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

  app.patch(
    "/planner/reservations/:id/unit",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Puts one of the owner's reservations on a unit (car) of its vehicle, 1 first, or back on any free one (unit null). A unit another booking holds at some moment of the period answers 409; a cancelled booking holds none.",
        params: z.object({ id: idParam }),
        body: z.object({ unit: wholeNumberInput(1, UNITS_MAX, "unitInvalid").nullable() }),
        response: {
          200: z.object({ message: z.string(), reservation: reservationSchema }),
          ...responses,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const { unit } = request.body;
      await assignUnit(app.deps, ownerId, request.params.id, unit);
      const found = await plannerReservation(app.deps.db, ownerId, request.params.id);
      const labels = await vehicleUnitLabels(app.deps.db, ownerId, found.reservation.vehicleId);
      const message =
        unit === null
          ? t(request, "unitCleared")
          : t(request, "unitAssigned", { unit: unitName(labels, unit) ?? String(unit) });
      return { message, reservation: presentReservation(found, app.deps.storage.url) };
    },
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
      // Written as built, not encoded through its schema first: a month of a fleet is hundreds of
      // bars (268 KB for the bench's 718 bookings), and zod's walk over every field and the copy it
      // makes were a sixth of the request's CPU (docs/performance.md). `plannerOf` builds every
      // field itself, so nothing stray can leak; planner.test.ts checks its answers against the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
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
