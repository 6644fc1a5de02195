import { checkInSchema, checkOutSchema, counterViewSchema } from "@domain/counter";
import { reservationSchema } from "@domain/reservations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentReservation, type ReservationWithAddons } from "../reservations";
import { sendInvoice } from "./invoice-files";
import { checkIn, checkOut, counterViewOf } from "./service";

const tags = ["Counter"];
const params = z.object({ id: idParam });
const responses = { ...errorResponses, 404: messageSchema, 409: messageSchema };
const handedOver = z.object({ message: z.string(), reservation: reservationSchema, counter: counterViewSchema });

export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (ownerId: number, found: ReservationWithAddons, message: string) => ({
    message,
    reservation: presentReservation(found, app.deps.storage.url),
    counter: await counterViewOf(app.deps.db, ownerId, found.reservation.id),
  });

  app.get(
    "/reservations/:id/counter",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "A booking's check-out and check-in (null before each is recorded), with the return's charges",
        params,
        response: { 200: counterViewSchema, ...responses },
      },
    },
    async (request) => counterViewOf(app.deps.db, ownerIdOf(request), request.params.id),
  );

  app.post(
    "/reservations/:id/check-out",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records a confirmed booking's check-out from its pickup day: drivers (licence valid through the return, the booking's age rule), kilometres, fuel in eighths, damage marks, items handed over; the booking is then on rent and holds its unit until checked in (409 if not confirmed or already out)",
        params,
        body: checkOutSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await checkOut(app.deps, ownerId, request.params.id, request.body);
      return answer(ownerId, found, t(request, "checkedOut", { reference: found.reservation.reference }));
    },
  );

  app.post(
    "/reservations/:id/check-in",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records an on-rent booking's check-in: kilometres, fuel, return time (now unless given), cleaning, new damage marks and damage charges; prices the extra kilometres, fuel, late hours, cleaning, additional drivers and damage on the landing's counter rules; the booking is then returned (409 if not on rent)",
        params,
        body: checkInSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await checkIn(app.deps, ownerId, request.params.id, request.body);
      // The return is recorded whatever happens to its invoice's PDF: a failure here is retried at its first download.
      await sendInvoice(app.deps, ownerId, found.reservation.id, (error) =>
        request.log.error({ err: error }, "the invoice's PDF could not be stored or sent"),
      );
      app.mailWorker.nudge();
      return answer(ownerId, found, t(request, "checkedIn", { reference: found.reservation.reference }));
    },
  );
};
