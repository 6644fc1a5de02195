import { formatDate } from "@domain/date-format";
import {
  listedVehicleSchema,
  VEHICLE_IMAGE_MAX_BYTES,
  VEHICLE_IMAGES_MAX,
  VEHICLE_IMAGES_REQUEST_MAX_BYTES,
  vehicleFieldsSchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from "@domain/vehicles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf, requireOwner } from "../http/auth";
import { HttpError, ValidationError } from "../http/errors";
import { requestLanguage, t } from "../http/language";
import { parseFields, readForm } from "../http/multipart";
import { errorResponses, idParam, messageSchema, ruleMessageSchema } from "../http/schemas";
import { presentVehicle } from "./presenter";
import {
  addVehicleImages,
  createVehicle,
  deleteVehicle,
  deleteVehicleImage,
  findOwnedVehicle,
  listVehicles,
  reorderVehicleImages,
  UnitsBelowBookings,
  updateVehicle,
} from "./service";

const tags = ["Vehicles"];
const responses = { ...errorResponses, 404: messageSchema.describe("Not this owner's landing or vehicle") };
const landingParams = z.object({ landingId: idParam });
const activeBookingsResponse = messageSchema.describe(
  "The vehicle has bookings still ahead, or is a published landing's last: kept",
);
const vehicleParams = z.object({ landingId: idParam, id: idParam });
const imagesRule = {
  images: {
    maxBytes: VEHICLE_IMAGE_MAX_BYTES,
    maxCount: VEHICLE_IMAGES_MAX,
    maxTotalBytes: VEHICLE_IMAGES_REQUEST_MAX_BYTES,
  },
};

export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireOwner);
  const withMessage = (message: string, vehicle: z.infer<typeof vehicleSchema>) => ({ message, vehicle });
  const messageAndVehicle = z.object({ message: z.string(), vehicle: vehicleSchema });

  app.get(
    "/vehicles/:landingId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The landing's vehicles",
        params: landingParams,
        response: { 200: z.array(listedVehicleSchema), ...responses },
      },
    },
    async (request) =>
      (await listVehicles(app.deps.db, ownerIdOf(request), request.params.landingId, app.deps.clock.now())).map(
        (found) => ({ ...presentVehicle(found, app.deps.storage.url), bookings_ahead: found.bookingsAhead }),
      ),
  );

  app.get(
    "/vehicles/:landingId/:id",
    {
      config: ownerRoute,
      schema: { tags, summary: "One vehicle", params: vehicleParams, response: { 200: vehicleSchema, ...responses } },
    },
    async (request) =>
      presentVehicle(
        await findOwnedVehicle(app.deps.db, ownerIdOf(request), request.params.id, request.params.landingId),
        app.deps.storage.url,
      ),
  );

  app.post(
    "/vehicle",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Creates a vehicle (multipart: id_landing, the vehicle fields, images[0..11]; booleans as 1/0; features as a JSON array)",
        consumes: ["multipart/form-data"],
        response: { 201: messageAndVehicle, ...responses },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, {}, imagesRule);
      const landingId = idParam.safeParse(form.fields.id_landing);
      if (!landingId.success) throw ValidationError.field("id_landing", "required");
      const fields = parseFields(vehicleFieldsSchema, form.fields);
      const created = await createVehicle(
        app.deps,
        ownerIdOf(request),
        landingId.data,
        fields,
        form.fileLists.images ?? [],
      );
      return reply
        .status(201)
        .send(withMessage(t(request, "vehicleCreated"), presentVehicle(created, app.deps.storage.url)));
    },
  );

  app.put(
    "/vehicles/:landingId/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Updates a vehicle's fields with the `version` it was read at (409 when someone saved first); photos have their own calls",
        consumes: ["application/json", "multipart/form-data"],
        params: vehicleParams,
        response: {
          200: messageAndVehicle,
          ...responses,
          409: ruleMessageSchema.describe(
            "Saved elsewhere since `version`, or fewer units than bookings and blocks hold at once (names `availability`)",
          ),
        },
      },
    },
    async (request) => {
      const fields = parseFields(vehicleUpdateSchema, (await readForm(request, {})).fields);
      const updated = await updateVehicle(
        app.deps,
        ownerIdOf(request),
        request.params.landingId,
        request.params.id,
        fields,
      ).catch((error: unknown) => {
        if (!(error instanceof UnitsBelowBookings)) throw error;
        // The day as this reader writes dates; like a booking refused for want of a car, it names `availability`.
        const date = formatDate(error.date, requestLanguage(request));
        throw new HttpError(409, "unitsBelowBookings", { held: error.held, date }, ["availability"]);
      });
      return withMessage(t(request, "vehicleUpdated"), presentVehicle(updated, app.deps.storage.url));
    },
  );

  app.delete(
    "/vehicle/:landingId/:vehicleId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Deletes a vehicle of a landing, with its photos",
        params: z.object({ landingId: idParam, vehicleId: idParam }),
        response: { 200: messageSchema, ...responses, 409: activeBookingsResponse },
      },
    },
    async (request) => {
      await deleteVehicle(app.deps, ownerIdOf(request), request.params.vehicleId, request.params.landingId);
      return { message: t(request, "vehicleDeleted") };
    },
  );

  app.delete(
    "/vehicle/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Deletes a vehicle, with its photos",
        params: z.object({ id: idParam }),
        response: { 200: messageSchema, ...responses, 409: activeBookingsResponse },
      },
    },
    async (request) => {
      await deleteVehicle(app.deps, ownerIdOf(request), request.params.id);
      return { message: t(request, "vehicleDeleted") };
    },
  );

  app.post(
    "/vehicles/:landingId/:id/images",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Adds photos (multipart images[n]) after the existing ones; 12 at most in all",
        consumes: ["multipart/form-data"],
        params: vehicleParams,
        response: { 200: messageAndVehicle, ...responses },
      },
    },
    async (request) => {
      const form = await readForm(request, {}, imagesRule);
      const updated = await addVehicleImages(
        app.deps,
        ownerIdOf(request),
        request.params.landingId,
        request.params.id,
        form.fileLists.images ?? [],
      );
      return withMessage(t(request, "imagesAdded"), presentVehicle(updated, app.deps.storage.url));
    },
  );

  app.delete(
    "/vehicles/:landingId/:id/images/:imageId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Deletes one photo (a vehicle keeps at least one)",
        params: vehicleParams.extend({ imageId: idParam }),
        response: { 200: messageAndVehicle, ...responses },
      },
    },
    async (request) => {
      const { landingId, id, imageId } = request.params;
      const updated = await deleteVehicleImage(app.deps, ownerIdOf(request), landingId, id, imageId);
      return withMessage(t(request, "imageDeleted"), presentVehicle(updated, app.deps.storage.url));
    },
  );

  app.put(
    "/vehicles/:landingId/:id/images/order",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Sets the photo order; the first photo is the cover",
        params: vehicleParams,
        body: z.object({
          image_ids: z.array(idParam, "imageOrderInvalid").max(VEHICLE_IMAGES_MAX, "imageOrderInvalid"),
        }),
        response: { 200: messageAndVehicle, ...responses },
      },
    },
    async (request) => {
      const { landingId, id } = request.params;
      const updated = await reorderVehicleImages(app.deps, ownerIdOf(request), landingId, id, request.body.image_ids);
      return withMessage(t(request, "vehicleUpdated"), presentVehicle(updated, app.deps.storage.url));
    },
  );
};
