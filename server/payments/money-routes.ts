import { depositCaptureSchema, depositReleaseSchema, ownerRefundSchema } from "@domain/payment-actions";
import { reservationSchema } from "@domain/reservations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentReservation } from "../reservations";
import { captureDeposit, type MoneyOutcome, refundByOwner, releaseDeposit } from "./owner-money";

const tags = ["Payments"];
const params = z.object({ id: idParam });
const response = {
  200: z.object({
    message: z.string(),
    /** False when the provider did not answer: the movement waits and is asked again by itself. */
    done: z.boolean(),
    reservation: reservationSchema,
  }),
  ...errorResponses,
  404: messageSchema.describe("Not this owner's reservation"),
  409: messageSchema.describe(
    "Nothing to move, the money changed since it was read, the account is not connected, or the provider refused (nothing moved)",
  ),
};

/** The owner's hand on a booking's money (issue 27.4 and 27.5), from the reservation's detail. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = (request: Parameters<typeof t>[0], { found, message }: MoneyOutcome) => {
    app.mailWorker.nudge();
    return {
      message: t(request, message),
      done: message !== "refundQueued" && message !== "depositQueued",
      reservation: presentReservation(found, app.deps.storage.url),
    };
  };

  app.post(
    "/reservations/:id/refunds",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Gives back part (or the rest) of the card payment, with a reason the customer is emailed; refundable_cents is what the owner saw (409 when it moved meanwhile); a refund the provider cannot make now is retried",
        params,
        body: ownerRefundSchema,
        response,
      },
    },
    async (request) =>
      answer(request, await refundByOwner(app.deps, ownerIdOf(request), request.params.id, request.body)),
  );

  app.post(
    "/reservations/:id/deposit/capture",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Charges part or all of the deposit held on the card, with a reason the customer is emailed; the rest is released; held_cents is what the owner saw",
        params,
        body: depositCaptureSchema,
        response,
      },
    },
    async (request) =>
      answer(request, await captureDeposit(app.deps, ownerIdOf(request), request.params.id, request.body)),
  );

  app.post(
    "/reservations/:id/deposit/release",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Releases the whole deposit held on the card; the customer is emailed",
        params,
        body: depositReleaseSchema,
        response,
      },
    },
    async (request) =>
      answer(request, await releaseDeposit(app.deps, ownerIdOf(request), request.params.id, request.body)),
  );
};
