import { vehicleBlockInputSchema, vehicleBlockSchema, vehicleRulesInputSchema } from "@domain/rental-rules-schemas";
import { vehicleSchema } from "@domain/vehicles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { addBlock, listBlocks, presentBlock, removeBlock } from "./blocks-service";
import { presentVehicle } from "./presenter";
import { saveVehicleRules } from "./rules-service";

/** A vehicle's rental rules and blocked periods (issue 10), beside its fields and photos. */
const tags = ["Vehicles"];
const responses = { ...errorResponses, 404: messageSchema.describe("Not this owner's landing, vehicle or block") };
const vehicleParams = z.object({ landingId: idParam, id: idParam });

export const vehicleRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/vehicles/:landingId/:id/rules",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves the vehicle's seasons, deposit and overrides of its landing's rules with the `version` it was read at (409 when someone saved first)",
        params: vehicleParams,
        body: vehicleRulesInputSchema,
        response: {
          200: z.object({ message: z.string(), vehicle: vehicleSchema }),
          ...responses,
          409: messageSchema.describe("Saved by someone else since it was read"),
        },
      },
    },
    async (request) => {
      const { landingId, id } = request.params;
      const saved = await saveVehicleRules(app.deps, ownerIdOf(request), landingId, id, request.body);
      return { message: t(request, "rulesSaved"), vehicle: presentVehicle(saved, app.deps.storage.url) };
    },
  );

  app.get(
    "/vehicles/:landingId/:id/blocks",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The vehicle's blocked periods (units out of service), earliest first",
        params: vehicleParams,
        response: { 200: z.array(vehicleBlockSchema), ...responses },
      },
    },
    async (request) => {
      const { landingId, id } = request.params;
      return (await listBlocks(app.deps.db, ownerIdOf(request), landingId, id)).map(presentBlock);
    },
  );

  app.post(
    "/vehicles/:landingId/:id/blocks",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Blocks units of the vehicle for whole days, both dates included (no more units than the vehicle has); counted in availability like bookings",
        params: vehicleParams,
        body: vehicleBlockInputSchema,
        response: { 201: z.object({ message: z.string(), block: vehicleBlockSchema }), ...responses },
      },
    },
    async (request, reply) => {
      const { landingId, id } = request.params;
      const block = await addBlock(app.deps, ownerIdOf(request), landingId, id, request.body);
      return reply.status(201).send({ message: t(request, "blockAdded"), block: presentBlock(block) });
    },
  );

  app.delete(
    "/vehicles/:landingId/:id/blocks/:blockId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Removes one blocked period",
        params: vehicleParams.extend({ blockId: idParam }),
        response: { 200: messageSchema, ...responses },
      },
    },
    async (request) => {
      const { landingId, id, blockId } = request.params;
      await removeBlock(app.deps.db, ownerIdOf(request), landingId, id, blockId);
      return { message: t(request, "blockDeleted") };
    },
  );
};
