import { counterRulesInputSchema } from "@domain/counter";
import { documentSettingsInputSchema } from "@domain/documents";
import {
  FAVICON_MAX_BYTES,
  LOGO_MAX_BYTES,
  landingCreateSchema,
  landingMetaSchema,
  landingNameCheckSchema,
  landingNameProblem,
  landingSchema,
  landingStatusSchema,
  landingUpdateSchema,
  OG_IMAGE_MAX_BYTES,
} from "@domain/landings";
import { landingRulesInputSchema } from "@domain/rental-rules-schemas";
import { slugify } from "@domain/slug";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps";
import { ownerRoute } from "../http/access";
import { assertSelf, ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { parseFields, readForm } from "../http/multipart";
import { errorResponses, idParam, messageSchema, slugParam } from "../http/schemas";
import { presentLanding } from "./presenter";
import { saveLandingRules, saveLandingSettings } from "./rules-service";
import {
  createLanding,
  findOwnedLanding,
  findOwnedLandingByName,
  isInTrashOf,
  isNameFree,
  type LandingWithAddons,
  listLandings,
  purgeLanding,
  restoreLanding,
  setLandingStatus,
  trashLanding,
  updateLanding,
  updateLandingMeta,
} from "./service";

const tags = ["Landings"];
const multipartNote = { consumes: ["multipart/form-data", "application/json"] };
const owned = {
  200: landingSchema,
  ...errorResponses,
  404: messageSchema.describe("Not this owner's landing, or gone"),
};
const userParams = z.object({ userId: idParam });
const userLandingParams = z.object({ userId: idParam, landingId: idParam });
const idParams = z.object({ id: idParam });

const present = (deps: AppDeps, { landing, addons, counts }: LandingWithAddons) =>
  presentLanding(landing, addons, counts, deps.config.publicBaseUrl, deps.storage.url);

/** A landing saved: the message to show and the landing as it now is. */
const landingSaved = z.object({ message: z.string(), landing: landingSchema });
/** The answers of a save sent with the `version` the landing was read at. */
const versionedSaveResponses = {
  200: landingSaved,
  ...errorResponses,
  404: messageSchema.describe("Not this owner's landing, or gone"),
  409: messageSchema.describe("Saved by someone else since it was read"),
};

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/landing/:userId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The owner's landings (not trashed), newest first",
        params: userParams,
        response: { 200: z.array(landingSchema), ...errorResponses },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return (await listLandings(app.deps, ownerIdOf(request))).map((found) => present(app.deps, found));
    },
  );

  app.get(
    "/landing-name-check",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The slug a name becomes, and whether it is free (for the create and edit forms)",
        querystring: z.object({ name: z.string().max(200).default(""), landing_id: idParam.optional() }),
        response: { 200: landingNameCheckSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { name, landing_id: landingId } = request.query;
      const slug = slugify(name);
      const problem = landingNameProblem(name);
      const publicUrl = `${app.deps.config.publicBaseUrl}/${slug}`;
      if (problem) {
        return { slug, public_url: publicUrl, available: false, in_your_trash: false, message: t(request, problem) };
      }
      // Only the caller's own landing may be excepted (isNameFree scopes it): another owner's id must not make its name look free.
      const except = landingId ? { ownerId: ownerIdOf(request), landingId } : undefined;
      const available = await isNameFree(app.deps.db, slug, except);
      // Whose trash holds it is said only to its owner: another's landing is simply taken.
      const inYourTrash = !available && (await isInTrashOf(app.deps.db, slug, ownerIdOf(request)));
      return {
        slug,
        public_url: publicUrl,
        available,
        in_your_trash: inYourTrash,
        message: available ? null : t(request, inYourTrash ? "landingNameInYourTrash" : "landingNameTaken"),
      };
    },
  );

  app.post(
    "/landing",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Creates a draft landing (multipart: id_users_landing, name, logo, color_primary, color_secondary, default_language; time_zone, currency, tax_label and tax_rate optional, defaults when left out)",
        ...multipartNote,
        response: { 201: landingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { logo: { maxBytes: LOGO_MAX_BYTES } });
      const input = parseFields(landingCreateSchema, form.fields);
      if (input.id_users_landing !== undefined) assertSelf(request, input.id_users_landing);
      const created = await createLanding(app.deps, ownerIdOf(request), input, form.files.logo);
      return reply.status(201).send(present(app.deps, created));
    },
  );

  app.get(
    "/landings/:userId/:landingId",
    {
      config: ownerRoute,
      schema: { tags, summary: "One landing with its settings", params: userLandingParams, response: owned },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return present(app.deps, await findOwnedLanding(app.deps, ownerIdOf(request), request.params.landingId));
    },
  );

  app.post(
    "/landing-update/:userId/:landingId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Updates name, logo (optional), colours, language, time zone, currency, tax and add-ons (JSON array field)",
        ...multipartNote,
        params: userLandingParams,
        response: owned,
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const form = await readForm(request, { logo: { maxBytes: LOGO_MAX_BYTES } });
      const input = parseFields(landingUpdateSchema, form.fields);
      const updated = await updateLanding(
        app.deps,
        ownerIdOf(request),
        request.params.landingId,
        input,
        form.files.logo,
      );
      return present(app.deps, updated);
    },
  );

  app.post(
    "/landings/:userId/:landingId/meta",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Updates the SEO fields, favicon and Open Graph image",
        ...multipartNote,
        params: userLandingParams,
        response: owned,
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const form = await readForm(request, {
        favicon: { maxBytes: FAVICON_MAX_BYTES },
        og_image: { maxBytes: OG_IMAGE_MAX_BYTES },
      });
      const input = parseFields(landingMetaSchema, form.fields);
      const updated = await updateLandingMeta(app.deps, ownerIdOf(request), request.params.landingId, input, {
        favicon: form.files.favicon,
        ogImage: form.files.og_image,
      });
      return present(app.deps, updated);
    },
  );

  app.put(
    "/landings/:userId/:landingId/rules",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves the rental rules (length, lead time, discounts, driver age, cancellation, contact, closures) with the `version` it was read at (409 when someone saved first)",
        params: userLandingParams,
        body: landingRulesInputSchema,
        response: versionedSaveResponses,
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const saved = await saveLandingRules(app.deps, ownerIdOf(request), request.params.landingId, request.body);
      return { message: t(request, "rulesSaved"), landing: present(app.deps, saved) };
    },
  );

  app.put(
    "/landings/:userId/:landingId/counter-rules",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves the counter's rules (kilometres included, extra kilometre, fuel eighth, grace and late hour, cleaning, additional driver per day) with the `version` it was read at (409 when someone saved first)",
        params: userLandingParams,
        body: counterRulesInputSchema,
        response: versionedSaveResponses,
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { version, rules } = request.body;
      const saved = await saveLandingSettings(app.deps, ownerIdOf(request), request.params.landingId, version, {
        counterRules: rules,
      });
      return { message: t(request, "counterRulesSaved"), landing: present(app.deps, saved) };
    },
  );

  app.put(
    "/landings/:userId/:landingId/document-settings",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves what the landing's agreements and invoices print: the legal name, tax id and address, and the agreement's terms in Spanish and English, with the `version` it was read at (409 when someone saved first)",
        params: userLandingParams,
        body: documentSettingsInputSchema,
        response: versionedSaveResponses,
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { version, settings } = request.body;
      const saved = await saveLandingSettings(app.deps, ownerIdOf(request), request.params.landingId, version, {
        documentSettings: settings,
      });
      return { message: t(request, "documentSettingsSaved"), landing: present(app.deps, saved) };
    },
  );

  app.patch(
    "/landing/status",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Publishes a landing (status defaults to published) or turns it back into a draft",
        body: landingStatusSchema,
        response: owned,
      },
    },
    async (request) => {
      if (request.body.user_id !== undefined) assertSelf(request, request.body.user_id);
      return present(
        app.deps,
        await setLandingStatus(app.deps, ownerIdOf(request), request.body.landing_id, request.body.status),
      );
    },
  );

  app.get(
    "/reviews/:name",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The owner's own landing by name, drafts included (for the preview)",
        params: z.object({ name: slugParam }),
        response: owned,
      },
    },
    async (request) =>
      present(app.deps, await findOwnedLandingByName(app.deps, ownerIdOf(request), request.params.name)),
  );

  app.get(
    "/landing/deleted/:userId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The owner's trashed landings",
        params: userParams,
        response: { 200: z.array(landingSchema), ...errorResponses },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return (await listLandings(app.deps, ownerIdOf(request), "trashed")).map((found) => present(app.deps, found));
    },
  );

  app.post(
    "/landing/restore/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Restores a trashed landing with its status (a landing already restored answers the same)",
        params: idParams,
        response: {
          200: landingSaved,
          ...errorResponses,
          404: messageSchema,
        },
      },
    },
    async (request) => {
      const restored = await restoreLanding(app.deps, ownerIdOf(request), request.params.id);
      return { message: t(request, "landingRestored"), landing: present(app.deps, restored) };
    },
  );

  app.delete(
    "/landing/deletedFinal/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Permanently deletes a trashed landing and its files",
        params: idParams,
        response: { 200: messageSchema, ...errorResponses, 404: messageSchema },
      },
    },
    async (request) => {
      await purgeLanding(app.deps, ownerIdOf(request), request.params.id);
      return { message: t(request, "landingPurged") };
    },
  );

  app.delete(
    "/landing/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Moves a landing to the trash (409 while it has bookings still going ahead)",
        params: idParams,
        response: { 200: messageSchema, ...errorResponses, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      await trashLanding(app.deps, ownerIdOf(request), request.params.id);
      return { message: t(request, "landingTrashed") };
    },
  );
};
