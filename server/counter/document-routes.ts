import { photoUploadFieldsSchema, photoViewSchema } from "@domain/counter";
import { agreementViewSchema, signAgreementSchema } from "@domain/documents";
import { PHOTO_MAX_BYTES } from "@domain/limits";
import { idInput } from "@domain/number-input";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { parseFields, readForm } from "../http/multipart";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { agreementDraft, agreementFile, signAgreement } from "./agreements";
import { sendJpeg, sendPdf } from "./files";
import { invoiceFile } from "./invoice-files";
import { addPhoto, photoFile } from "./photos";

const tags = ["Counter"];
const params = z.object({ id: idParam });
const pdfResponse = (description: string) => ({
  description,
  content: { "application/pdf": { schema: z.string().describe("The PDF's bytes") } },
});
const responses = { ...errorResponses, 404: messageSchema, 409: messageSchema };

/** The rental's documents (issue 28.3 and 28.5): the agreement, read as a draft, signed, and every version; the invoice. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reservations/:id/agreement/draft",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The rental agreement as it would be signed now (after the check-out), unsigned, for the customer to read first; in the customer's language unless `language` asks for the other",
        params,
        querystring: z.object({ language: z.enum(["es", "en"], "invalid").optional() }),
        response: { 200: pdfResponse("The draft agreement"), ...responses },
      },
    },
    async (request, reply) => {
      const pdf = await agreementDraft(app.deps, ownerIdOf(request), request.params.id, request.query.language);
      return sendPdf(reply, { pdf, filename: `agreement-draft-${request.params.id}.pdf` });
    },
  );

  app.post(
    "/reservations/:id/agreements",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Signs the next version of the rental agreement with the customer's name and their signature drawn on the screen (a PNG data URL); the PDF is stored as signed, never changed afterwards, and emailed to the customer (409 before the check-out)",
        params,
        body: signAgreementSchema,
        response: { 201: z.object({ message: z.string(), agreement: agreementViewSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const agreement = await signAgreement(app.deps, ownerIdOf(request), request.params.id, request.body);
      app.mailWorker.nudge();
      return reply
        .code(201)
        .send({ message: t(request, "agreementSigned", { version: agreement.version }), agreement });
    },
  );

  app.get(
    "/reservations/:id/agreements/:version/pdf",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "One signed version of the rental agreement, byte for byte as it was signed",
        params: z.object({ id: idParam, version: idInput("agreementNotFound", "agreementNotFound") }),
        response: { 200: pdfResponse("The signed agreement"), ...responses },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await agreementFile(app.deps, ownerIdOf(request), request.params.id, request.params.version)),
  );

  app.post(
    "/reservations/:id/photos",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Adds a photo taken at the counter (multipart: `kind` licence or damage, `photo` the image, at most 15 MB, `replaces` the id of the upload a retake replaces); decoded and re-encoded, kept private; a check-out or check-in names it by id, and only then is it shown and counted toward the booking's 60 photos (an upload never named is removed when replaced or a day later; 409 once the car is back)",
        consumes: ["multipart/form-data"],
        params,
        response: { 201: z.object({ photo: photoViewSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { photo: { maxBytes: PHOTO_MAX_BYTES } });
      const { kind, replaces } = parseFields(photoUploadFieldsSchema, form.fields);
      const photo = await addPhoto(app.deps, ownerIdOf(request), request.params.id, kind, form.files.photo, replaces);
      return reply.code(201).send({ photo });
    },
  );

  app.get(
    "/reservations/:id/photos/:photoId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "One photo taken at the counter, for its owner only",
        params: z.object({ id: idParam, photoId: idInput("photoNotFound", "photoNotFound") }),
        response: {
          200: { description: "The photo", content: { "image/jpeg": { schema: z.string() } } },
          ...responses,
        },
      },
    },
    async (request, reply) => {
      const jpeg = await photoFile(app.deps, ownerIdOf(request), request.params.id, request.params.photoId);
      return sendJpeg(reply, jpeg);
    },
  );

  app.get(
    "/reservations/:id/invoice/pdf",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The rental's invoice as a PDF (issued at its check-in; 404 before). Kept and emailed to the customer the first time, unless the return's charges still wait for their acceptance: then drawn as it stands, neither kept nor sent",
        params,
        response: { 200: pdfResponse("The invoice"), ...responses },
      },
    },
    async (request, reply) => {
      const file = await invoiceFile(app.deps, ownerIdOf(request), request.params.id);
      app.mailWorker.nudge();
      return sendPdf(reply, file);
    },
  );
};
