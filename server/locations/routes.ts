import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { locationInputSchema } from "../../domain/vehicles";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { ValidationError } from "../http/errors";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { addLocation, listLocations, presentLocation, removeLocation } from "./service";

const tags = ["Locations"];
const locationSchema = z.object({
  id: z.number().int(),
  id_landing: z.number().int(),
  place_of_departure: z.string(),
  arrival_place: z.string(),
});
const responses = { ...errorResponses, 404: messageSchema };
const landingParams = z.object({ landingId: idParam });

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/landings/:landingId/locations",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The landing's pickup/return locations",
        params: landingParams,
        response: { 200: z.array(locationSchema), ...responses },
      },
    },
    async (request) =>
      (await listLocations(app.deps.db, ownerIdOf(request), request.params.landingId)).map(presentLocation),
  );

  app.post(
    "/landings/:landingId/addLocation",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Adds a pickup/return location",
        params: landingParams,
        body: locationInputSchema,
        response: { 201: z.object({ message: z.string(), location: locationSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const location = await addLocation(app.deps.db, ownerIdOf(request), request.params.landingId, request.body);
      return reply.status(201).send({ message: t(request, "locationAdded"), location: presentLocation(location) });
    },
  );

  app.delete(
    "/landing/:landingId/locations",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Removes the location named by location_id (in the JSON body or the query string)",
        params: landingParams,
        querystring: z.object({ location_id: idParam.optional() }),
        body: z.object({ location_id: idParam.optional() }).nullish(),
        response: { 200: messageSchema, ...responses },
      },
    },
    async (request) => {
      const locationId = request.body?.location_id ?? request.query.location_id;
      if (!locationId) throw ValidationError.field("location_id", "required");
      await removeLocation(app.deps.db, ownerIdOf(request), request.params.landingId, locationId);
      return { message: t(request, "locationDeleted") };
    },
  );
};
