import {
  ownerSpecialFeatureSchema,
  specialFeatureInputSchema,
  specialFeatureUpdateSchema,
  vehicleSchema,
} from "@domain/vehicles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentOwnerSpecialFeature, presentVehicle } from "../vehicles";
import {
  assignSpecialFeature,
  createSpecialFeature,
  deleteSpecialFeature,
  listSpecialFeatures,
  setVehicleSpecialFeatures,
  unassignSpecialFeature,
  updateSpecialFeature,
} from "./service";

const tags = ["Special features"];
const responses = { ...errorResponses, 404: messageSchema };

export const featureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/special-features",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The owner's special features",
        response: { 200: z.array(ownerSpecialFeatureSchema), ...responses },
      },
    },
    async (request) => (await listSpecialFeatures(app.deps.db, ownerIdOf(request))).map(presentOwnerSpecialFeature),
  );

  app.post(
    "/special-features",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Adds a special feature (name and description, and optionally both in the other language, `translations`)",
        body: specialFeatureInputSchema,
        response: { 201: z.object({ message: z.string(), feature: ownerSpecialFeatureSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const feature = await createSpecialFeature(app.deps.db, ownerIdOf(request), request.body);
      return reply
        .status(201)
        .send({ message: t(request, "specialFeatureCreated"), feature: presentOwnerSpecialFeature(feature) });
    },
  );

  app.patch(
    "/special-features/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Renames or redescribes a special feature; `previous` is what the form showed (409 when it changed meanwhile)",
        params: z.object({ id: idParam }),
        body: specialFeatureUpdateSchema,
        response: {
          200: z.object({ message: z.string(), feature: ownerSpecialFeatureSchema }),
          ...responses,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const feature = await updateSpecialFeature(app.deps.db, ownerIdOf(request), request.params.id, request.body);
      return { message: t(request, "specialFeatureUpdated"), feature: presentOwnerSpecialFeature(feature) };
    },
  );

  app.delete(
    "/special-features/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Deletes a special feature (and unassigns it)",
        params: z.object({ id: idParam }),
        response: { 200: messageSchema, ...responses },
      },
    },
    async (request) => {
      await deleteSpecialFeature(app.deps.db, ownerIdOf(request), request.params.id);
      return { message: t(request, "specialFeatureDeleted") };
    },
  );

  app.post(
    "/vehicles/:vehicleId/special-features",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Assigns one special feature to a vehicle",
        params: z.object({ vehicleId: idParam }),
        body: z.object({ special_feature_id: idParam, name: z.string().optional() }),
        response: { 200: vehicleSchema, ...responses },
      },
    },
    async (request) =>
      presentVehicle(
        await assignSpecialFeature(
          app.deps.db,
          ownerIdOf(request),
          request.params.vehicleId,
          request.body.special_feature_id,
        ),
        app.deps.storage.url,
      ),
  );

  app.delete(
    "/vehicles/:vehicleId/special-features/:featureId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Unassigns a special feature from a vehicle",
        params: z.object({ vehicleId: idParam, featureId: idParam }),
        response: { 200: vehicleSchema, ...responses },
      },
    },
    async (request) =>
      presentVehicle(
        await unassignSpecialFeature(
          app.deps.db,
          ownerIdOf(request),
          request.params.vehicleId,
          request.params.featureId,
        ),
        app.deps.storage.url,
      ),
  );

  app.post(
    "/special-feature/:vehicleId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Sets a vehicle's special features by name (features: [{ name }])",
        params: z.object({ vehicleId: idParam }),
        body: z.object({ features: z.array(z.object({ name: z.string().max(100) })).max(50) }),
        response: { 200: vehicleSchema, ...responses },
      },
    },
    async (request) =>
      presentVehicle(
        await setVehicleSpecialFeatures(
          app.deps.db,
          ownerIdOf(request),
          request.params.vehicleId,
          request.body.features.map((f) => f.name),
        ),
        app.deps.storage.url,
      ),
  );
};
