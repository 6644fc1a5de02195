import { Readable } from "node:stream";
import { endedWithoutRental } from "@domain/picked-up";
import {
  landingReservationsPage,
  ownerReservationsPage,
  type ReservationGroup,
  reservationSummary,
} from "@domain/reservation-pages";
import {
  reservationChangeSchema,
  reservationChangeViewSchema,
  reservationListQuerySchema,
  reservationSchema,
  reservationStatusChangeSchema,
} from "@domain/reservations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { assertSelf, ownerIdOf } from "../http/auth";
import { requestLanguage, t } from "../http/language";
import { errorResponses, idParam, messageSchema, ruleMessageSchema } from "../http/schemas";
import { settleEndedBooking } from "../payments";
import type { StorageUrl } from "../storage";
import { changeReservation, reservationChangesOf } from "./changes";
import { reservationsCsvStream } from "./csv";
import { deleteReservation } from "./delete";
import { listReservations, reservationCounts, reservationsForExport } from "./list";
import { loadReservation } from "./load";
import { presentReservation, type ReservationWithAddons } from "./presenter";
import { changeReservationStatus } from "./status";

const tags = ["Reservations"];
const responses = { ...errorResponses, 404: messageSchema, 409: messageSchema };
/** Everything but the cursor and page size: the CSV holds every matching reservation. */

type Listed = ReservationWithAddons & { landing: { id: number; name: string; displayName: string; logo: string } };

/** A page of reservations grouped per landing, in the order of their newest reservation. */
function groupByLanding(items: Listed[], storageUrl: StorageUrl) {
  const groups = new Map<number, ReservationGroup>();
  for (const item of items) {
    const group = groups.get(item.landing.id) ?? {
      landing: {
        id: item.landing.id,
        name: item.landing.name,
        display_name: item.landing.displayName,
        logo: storageUrl(item.landing.logo),
      },
      reservations: [],
    };
    group.reservations.push(presentReservation(item, storageUrl));
    groups.set(item.landing.id, group);
  }
  return [...groups.values()];
}

export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations/user/:userId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The owner's reservations, newest first, grouped per landing (filters q, status, from, to; cursor pages)",
        params: z.object({ userId: idParam }),
        querystring: reservationListQuerySchema,
        response: {
          200: ownerReservationsPage,
          ...responses,
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { items, nextCursor } = await listReservations(app.deps.db, ownerIdOf(request), request.query);
      return { groups: groupByLanding(items as Listed[], app.deps.storage.url), next_cursor: nextCursor };
    },
  );

  app.get(
    "/reservations/summary",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "How many of the owner's reservations are pending, and in all",
        response: { 200: reservationSummary, ...responses },
      },
    },
    async (request) => reservationCounts(app.deps.db, ownerIdOf(request), app.deps.clock.now()),
  );

  app.get(
    "/reservations/:landingId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "One landing's reservations, newest first (filters q, status, from, to; cursor pages)",
        params: z.object({ landingId: idParam }),
        querystring: reservationListQuerySchema,
        response: { 200: landingReservationsPage, ...responses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listReservations(
        app.deps.db,
        ownerIdOf(request),
        request.query,
        request.params.landingId,
      );
      return {
        reservations: items.map((item) => presentReservation(item, app.deps.storage.url)),
        next_cursor: nextCursor,
      };
    },
  );

  app.get(
    "/reservations/:landingId/export.csv",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "One landing's reservations as CSV, with the list's filters, in the caller's language (Accept-Language), times on the landing's clock",
        params: z.object({ landingId: idParam }),
        querystring: reservationListQuerySchema.omit({ cursor: true, limit: true }),
        response: {
          200: {
            description: "A header row, then one row per reservation (sent as an attachment)",
            // A stream, not a string: the rows are sent page by page as they are read.
            content: { "text/csv": { schema: z.instanceof(Readable).describe("CSV text, UTF-8 with a BOM") } },
          },
          ...errorResponses,
          404: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { pages, timeZone } = await reservationsForExport(
        app.deps.db,
        ownerIdOf(request),
        request.params.landingId,
        request.query,
      );
      const storageUrl = app.deps.storage.url;
      async function* presented() {
        for await (const page of pages) yield page.map((item) => presentReservation(item, storageUrl));
      }
      // Sent as it is written. A read failing halfway ends the download with an error, never a
      // file cut short that looks whole.
      const csv = Readable.from(reservationsCsvStream(presented(), { language: requestLanguage(request), timeZone }));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="reservations-${request.params.landingId}.csv"`)
        .send(csv);
    },
  );

  app.patch(
    "/reservations/:id/status",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Moves a reservation: pending -> confirmed | cancelled (declined, no fee), confirmed -> cancelled (the policy's fee unless waive_fee) | completed once picked up (409 otherwise)",
        params: z.object({ id: idParam }),
        body: reservationStatusChangeSchema,
        response: { 200: z.object({ message: z.string(), reservation: reservationSchema }), ...responses },
      },
    },
    async (request) => {
      let found = await changeReservationStatus(app.deps, ownerIdOf(request), request.params.id, request.body);
      // A paid booking cancelled: the payment back less the policy's fee; cancelled or a no-show,
      // the deposit hold released.
      const ended = endedWithoutRental(found.reservation.status);
      if (ended && (await settleEndedBooking(app.deps, found.reservation.id))) {
        found = (await loadReservation(app.deps.db, found.reservation.id)) ?? found;
      }
      app.mailWorker.nudge();
      return {
        message: t(request, "reservationStatusChanged"),
        reservation: presentReservation(found, app.deps.storage.url),
      };
    },
  );

  app.put(
    "/reservations/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Changes a pending or confirmed booking (dates, vehicle, places, extras, driver, customer, agreed price): priced and checked again, kept in its history, the customer emailed when notify_customer; 409 when another change or move came first or no unit is free",
        params: z.object({ id: idParam }),
        body: reservationChangeSchema,
        response: {
          200: z.object({ message: z.string(), reservation: reservationSchema }),
          ...responses,
          // Names its rule: `availability` (no unit free) or `status` (it can no longer change).
          409: ruleMessageSchema,
        },
      },
    },
    async (request) => {
      const { found, changed } = await changeReservation(app.deps, ownerIdOf(request), request.params.id, request.body);
      if (changed) app.mailWorker.nudge();
      return {
        message: t(request, changed ? "reservationChanged" : "reservationUnchanged"),
        reservation: presentReservation(found, app.deps.storage.url),
      };
    },
  );

  app.get(
    "/reservations/:id/changes",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "A booking's history of changes, oldest first: when, what it was and what it became",
        params: z.object({ id: idParam }),
        response: {
          200: z.object({ changes: z.array(reservationChangeViewSchema) }),
          ...errorResponses,
          404: messageSchema,
        },
      },
    },
    async (request) => ({ changes: await reservationChangesOf(app.deps, ownerIdOf(request), request.params.id) }),
  );

  app.delete(
    "/reservations/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Deletes a reservation (refused, 409, once money moved on it: cancel it instead)",
        params: z.object({ id: idParam }),
        response: { 200: messageSchema, ...responses },
      },
    },
    async (request) => {
      await deleteReservation(app.deps.db, ownerIdOf(request), request.params.id);
      return { message: t(request, "reservationDeleted") };
    },
  );
};
