import { locationInputSchema, locationSchema, placeHoursSchema, placeRenameInputSchema } from "@domain/locations";
import { oneWayFeeInputSchema, placeRulesInputSchema } from "@domain/rental-rules-schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { ValidationError } from "../http/errors";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { listPlaces, renamePlace, savePlaceHours } from "./places-service";
import { addLocation, listLocations, presentLocation, removeLocation, setOneWayFee } from "./service";

const tags = ["Locations"];
const responses = { ...errorResponses, 404: messageSchema };
const landingParams = z.object({ landingId: idParam });
const locationParams = z.object({ landingId: idParam, locationId: idParam });

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
        response: {
          200: messageSchema,
          ...responses,
          409: messageSchema.describe("The last location of a published landing: kept"),
        },
      },
    },
    async (request) => {
      const locationId = request.body?.location_id ?? request.query.location_id;
      if (!locationId) throw ValidationError.field("location_id", "required");
      await removeLocation(app.deps.db, ownerIdOf(request), request.params.landingId, locationId);
      return { message: t(request, "locationDeleted") };
    },
  );
  app.patch(
    "/landing/:landingId/locations/:locationId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Sets the location's one-way fee, charged when a rental picks up at one place and returns at the other",
        params: locationParams,
        body: oneWayFeeInputSchema,
        response: { 200: z.object({ message: z.string(), location: locationSchema }), ...responses },
      },
    },
    async (request) => {
      const { landingId, locationId } = request.params;
      const location = await setOneWayFee(
        app.deps.db,
        ownerIdOf(request),
        landingId,
        locationId,
        request.body.one_way_fee,
      );
      return { message: t(request, "oneWayFeeSaved"), location: presentLocation(location) };
    },
  );

  app.get(
    "/landings/:landingId/places",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Every place of the landing's locations (case-insensitive, first seen first) with its opening hours (Sunday first) and after-hours fee",
        params: landingParams,
        response: { 200: z.array(placeHoursSchema), ...responses },
      },
    },
    async (request) => listPlaces(app.deps.db, ownerIdOf(request), request.params.landingId),
  );

  app.put(
    "/landings/:landingId/places",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Sets one place's opening hours (7 days, Sunday first; null = closed) and after-hours fee (empty = refuse outside hours); hours null clears them",
        params: landingParams,
        body: placeRulesInputSchema,
        response: { 200: z.object({ message: z.string(), place: placeHoursSchema }), ...responses },
      },
    },
    async (request) => {
      const place = await savePlaceHours(app.deps, ownerIdOf(request), request.params.landingId, request.body);
      return { message: t(request, "placeHoursSaved"), place };
    },
  );

  app.patch(
    "/landings/:landingId/places",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Renames one place in every location of the landing and in its hours; bookings keep the name they were made with. A name another place has is refused",
        params: landingParams,
        body: placeRenameInputSchema,
        response: { 200: z.object({ message: z.string(), place: placeHoursSchema }), ...responses },
      },
    },
    async (request) => {
      const place = await renamePlace(app.deps.db, ownerIdOf(request), request.params.landingId, request.body);
      return { message: t(request, "placeRenamed"), place };
    },
  );
};
