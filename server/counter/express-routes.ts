import { photoUploadFieldsSchema, photoViewSchema } from "@domain/counter";
import { signAgreementSchema } from "@domain/documents";
import { expressDriversSchema, expressViewSchema } from "@domain/express";
import { PHOTO_MAX_BYTES } from "@domain/limits";
import { idInput } from "@domain/number-input";
import { REFERENCE_PATTERN } from "@domain/reservations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../http/access";
import { t } from "../http/language";
import { parseFields, readForm } from "../http/multipart";
import { messageSchema, slugParam, validationErrorSchema } from "../http/schemas";
import {
  addExpressPhoto,
  type ExpressCall,
  expressDraft,
  expressPhoto,
  expressView,
  saveExpressDrivers,
  signExpress,
} from "./express";
import { sendJpeg, sendPdf } from "./files";

const tags = ["Express pickup"];
const params = z.object({
  name: slugParam,
  reference: z.string().regex(REFERENCE_PATTERN, "reservationNotFound"),
});
const query = z.object({ t: z.string().max(100).optional().default("") });
const responses = { 404: messageSchema, 409: messageSchema, 422: validationErrorSchema };
const answered = z.object({ message: z.string(), express: expressViewSchema });

const callOf = (request: { params: { name: string; reference: string }; query: { t: string } }): ExpressCall => ({
  name: request.params.name,
  reference: request.params.reference,
  token: request.query.t,
});

/**
 * Express pickup (issue 28.6), for the customer, with the secret of their link (?t=...): anything
 * wrong in it is the same 404 as their reservation page's.
 */
export const expressRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = "/publicLanding/:name/reservation/:reference/express";

  app.get(
    base,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Where the booking's express pickup stands: drivers saved, licence photos, agreement signed, deposit",
        params,
        querystring: query,
        response: { 200: expressViewSchema, ...responses },
      },
    },
    async (request) => expressView(app.deps, callOf(request)),
  );

  app.put(
    `${base}/drivers`,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "Saves the drivers and their licences as the counter checks them (valid through the return, the booking's age rule); changing them after signing asks for a new signature (409 once checked out)",
        params,
        querystring: query,
        body: expressDriversSchema,
        response: { 200: answered, ...responses },
      },
    },
    async (request) => ({
      message: t(request, "expressDriversSaved"),
      express: await saveExpressDrivers(app.deps, callOf(request), request.body),
    }),
  );

  app.post(
    `${base}/photos`,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "A photo of a driver's licence (multipart: `kind` licence, `photo`, at most 15 MB, `replaces` the upload a retake replaces), re-encoded and kept private; kept once the drivers saved name it",
        consumes: ["multipart/form-data"],
        params,
        querystring: query,
        response: { 201: z.object({ photo: photoViewSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { photo: { maxBytes: PHOTO_MAX_BYTES } });
      const { kind, replaces } = parseFields(photoUploadFieldsSchema, form.fields);
      const photo = await addExpressPhoto(app.deps, callOf(request), kind, form.files.photo, replaces);
      return reply.code(201).send({ photo });
    },
  );

  app.get(
    `${base}/photos/:photoId`,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "One of the booking's licence photos, for the customer who took it",
        params: params.extend({ photoId: idInput("photoNotFound", "photoNotFound") }),
        querystring: query,
        response: {
          200: { description: "The photo", content: { "image/jpeg": { schema: z.string() } } },
          ...responses,
        },
      },
    },
    async (request, reply) => sendJpeg(reply, await expressPhoto(app.deps, callOf(request), request.params.photoId)),
  );

  app.get(
    `${base}/agreement`,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "The rental agreement to read before signing, with the drivers saved (409 before they are)",
        params,
        querystring: query.extend({ language: z.enum(["es", "en"], "invalid").optional() }),
        response: {
          200: { description: "The draft agreement", content: { "application/pdf": { schema: z.string() } } },
          ...responses,
        },
      },
    },
    async (request, reply) =>
      sendPdf(reply, {
        pdf: await expressDraft(app.deps, callOf(request), request.query.language),
        filename: `${request.params.reference}-agreement.pdf`,
      }),
  );

  app.post(
    `${base}/agreement`,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "The customer signs the agreement on their screen: stored as signed, emailed, and the express pickup is complete",
        params,
        querystring: query,
        body: signAgreementSchema,
        response: { 200: answered, ...responses },
      },
    },
    async (request) => {
      const express = await signExpress(app.deps, callOf(request), request.body);
      app.mailWorker.nudge();
      return { message: t(request, "expressSigned"), express };
    },
  );
};
