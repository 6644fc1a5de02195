import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { vehicleSchema } from "../../domain/vehicles";
import { idParam, messageSchema, slugParam } from "../http/schemas";
import { presentSpecialFeature, presentVehicle } from "../vehicles/presenter";
import { findPublicVehicle } from "./service";

const tags = ["Public"];

/** Reads for visitors: no sign-in, published landings only. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/publicLanding/:name/vehicle/:idvehicle",
    {
      schema: {
        tags,
        summary: "A vehicle of a published landing",
        params: z.object({ name: slugParam, idvehicle: idParam }),
        response: { 200: vehicleSchema, 404: messageSchema },
      },
    },
    async (request) =>
      presentVehicle(await findPublicVehicle(app.deps.db, request.params.idvehicle, request.params.name)),
  );

  app.get(
    "/vehicle/:id/special-features-public",
    {
      schema: {
        tags,
        summary: "The special features of a vehicle of a published landing",
        params: z.object({ id: idParam }),
        response: {
          200: z.object({
            specialFeatures: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
          }),
          404: messageSchema,
        },
      },
    },
    async (request) => {
      const { specialFeatures } = await findPublicVehicle(app.deps.db, request.params.id);
      return { specialFeatures: specialFeatures.map(presentSpecialFeature) };
    },
  );
};
