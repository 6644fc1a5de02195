import { presentPrice } from "@domain/price-breakdown";
import { OVERRIDABLE_RULES } from "@domain/rental-checks";
import {
  deskQuoteSchema,
  manualQuoteSchema,
  manualReservationCreateSchema,
  reservationSchema,
} from "@domain/reservations";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema, ruleMessageSchema } from "../http/schemas";
import {
  changeQuoteContext,
  createManualReservation,
  presentReservation,
  quoteManualReservation,
} from "../reservations";

const tags = ["Desk"];
const params = z.object({ landingId: idParam });
/** A quote as the dialog reads it: the price lines, whether a unit is free, each problem in the owner's words. */
function quoteAnswer(request: FastifyRequest, quote: Awaited<ReturnType<typeof quoteManualReservation>>) {
  return {
    ...presentPrice(quote.price),
    deposit_cents: quote.depositCents,
    available: quote.available,
    problems: quote.problems.map((problem) => ({
      rule: problem.rule,
      field: problem.field,
      message: t(request, problem.key, problem.params),
      overridable: OVERRIDABLE_RULES.includes(problem.rule),
    })),
  };
}

/** Bookings the owner takes for customers who called or wrote (issue 11). */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/landings/:landingId/quote",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "What a manual booking would cost on the owner's landing (draft or published): the rules' price, whether a unit is free, and each rule that stops it",
        params,
        body: manualQuoteSchema,
        response: { 200: deskQuoteSchema, ...errorResponses, 404: messageSchema },
      },
    },
    async (request) =>
      quoteAnswer(
        request,
        await quoteManualReservation(app.deps, ownerIdOf(request), request.params.landingId, request.body),
      ),
  );

  app.post(
    "/reservations/:id/quote",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "What a pending or confirmed booking would cost changed this way (issue 25.21): as the landing's quote, the booking itself never in its own way and its own places allowed; 409 for one that can no longer change",
        params: z.object({ id: idParam }),
        body: manualQuoteSchema,
        response: { 200: deskQuoteSchema, ...errorResponses, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const { landingId, options } = await changeQuoteContext(app.deps, ownerId, request.params.id, request.body);
      return quoteAnswer(request, await quoteManualReservation(app.deps, ownerId, landingId, request.body, options));
    },
  );

  app.post(
    "/landings/:landingId/reservations",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Books a vehicle for a customer who called or wrote: the site's checks and price (or an agreed total with its reason), confirmed at once, marked manual; emails the customer only with notify_customer. rules_override (with its reason) books past the owner's own rules, never past availability or the trips offered; unit puts it on one of the vehicle's units. An Idempotency-Key header makes a retry with the same values answer the first booking (with Idempotent-Replayed: true); the same key with other values answers 422.",
        params,
        headers: z.object({
          "idempotency-key": z.string().min(8, "idempotencyKeyInvalid").max(100, "idempotencyKeyInvalid").optional(),
        }),
        body: manualReservationCreateSchema,
        response: {
          201: z.object({ message: z.string(), reservation: reservationSchema }),
          ...errorResponses,
          404: messageSchema,
          409: ruleMessageSchema,
        },
      },
    },
    async (request, reply) => {
      const { found, replayed } = await createManualReservation(
        app.deps,
        ownerIdOf(request),
        request.params.landingId,
        request.body,
        request.headers["idempotency-key"],
      );
      app.mailWorker.nudge();
      const reservation = presentReservation(found, app.deps.storage.url);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply
        .status(201)
        .send({ message: t(request, "manualReservationCreated", { reference: reservation.reference }), reservation });
    },
  );
};
