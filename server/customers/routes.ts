import {
  customerAnswerSchema,
  customerExportSchema,
  customerFlagSchema,
  customerListQuerySchema,
  customerListSchema,
  customerNotesSchema,
  customerSchema,
} from "@domain/customers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { eraseCustomer } from "./erase";
import { exportCustomer } from "./export";
import { customerDetail, listCustomers, saveNotes, setDoNotRent } from "./service";

const tags = ["Customers"];
const params = z.object({ id: idParam });
const responses = { ...errorResponses, 404: messageSchema, 409: messageSchema };

/** The owner's customers (issue 28.7): list, page, notes, "do not rent", export and erasure. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    "/customers",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The owner's customers, latest booking first, each with their bookings, what they spent per currency and whether they may rent (q searches name, email and phone; flagged=true the ones marked do not rent; cursor pages)",
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema, ...errorResponses },
      },
    },
    async (request) => listCustomers(db, ownerIdOf(request), request.query),
  );

  app.get(
    "/customers/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "One customer: contact, every email and phone they booked with, notes, the do-not-rent flag and its reason, the licence of their latest check-out, what they spent, and their bookings newest first",
        params,
        response: { 200: customerSchema, ...responses },
      },
    },
    async (request) => customerDetail(db, ownerIdOf(request), request.params.id),
  );

  app.put(
    "/customers/:id/notes",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The owner's notes about a customer, at the version read (409 when it changed since, or the customer was erased)",
        params,
        body: customerNotesSchema,
        response: { 200: customerAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      await saveNotes(db, ownerId, request.params.id, request.body, clock.now());
      return {
        message: t(request, "customerNotesSaved"),
        customer: await customerDetail(db, ownerId, request.params.id),
      };
    },
  );

  app.put(
    "/customers/:id/do-not-rent",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Marks a customer do not rent, with an internal reason, or lifts it: their next booking on any of the owner's landings, matched by any email or phone of theirs, is refused (on the site with a neutral message, at the desk naming the mark)",
        params,
        body: customerFlagSchema,
        response: { 200: customerAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const row = await setDoNotRent(db, ownerId, request.params.id, request.body, clock.now());
      return {
        message: t(request, row.doNotRent ? "customerFlagged" : "customerUnflagged", { name: row.name }),
        customer: await customerDetail(db, ownerId, request.params.id),
      };
    },
  );

  app.get(
    "/customers/:id/export",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Everything kept about one customer as a JSON file (sent as an attachment): the record, each booking with the details they gave, and the drivers recorded at the counter",
        params,
        response: { 200: customerExportSchema, ...errorResponses, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const data = await exportCustomer(db, ownerIdOf(request), request.params.id, clock.now());
      return reply
        .header("content-disposition", `attachment; filename="customer-${request.params.id}.json"`)
        .send(data);
    },
  );

  app.post(
    "/customers/:id/erase",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Erases one customer's personal data everywhere: their bookings keep reference, dates, vehicle, status and amounts without name, email, phone, comment or drivers; they no longer match future bookings (409 while a car of theirs is on rent or a booking is still going ahead)",
        params,
        response: { 200: customerAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      await eraseCustomer(db, app.deps.storage, ownerId, request.params.id, clock.now());
      return {
        message: t(request, "customerErasedDone"),
        customer: await customerDetail(db, ownerId, request.params.id),
      };
    },
  );
};
