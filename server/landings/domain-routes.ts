import { customDomainInputSchema, customDomainProblem, DOMAIN_MAX, normalizeCustomDomain } from "@domain/custom-domain";
import { landingSchema } from "@domain/landings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute, publicRoute } from "../http/access";
import { assertSelf, ownerIdOf } from "../http/auth";
import { HttpError, ValidationError } from "../http/errors";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema, validationErrorSchema } from "../http/schemas";
import { isAttachedDomain, setCustomDomain, verifyCustomDomain } from "./domain-service";
import { presentLanding } from "./presenter";
import { findOwnedLanding } from "./service";

/**
 * The owner attaches their own domain to a landing (issue 10): `PUT .../domain` with
 * `{ custom_domain }`, "" to detach it; then proves it is theirs with a TXT record and
 * `POST .../domain/verify`. A verified domain serves one landing on the whole platform.
 * The TLS proxy asks `GET /api/custom-domain-check?domain=` before fetching a certificate.
 */
export const landingDomainRoutes: FastifyPluginAsyncZod = async (app) => {
  const platformHost = new URL(app.deps.config.publicBaseUrl).hostname;

  app.get(
    "/custom-domain-check",
    {
      config: publicRoute,
      schema: {
        tags: ["Landings"],
        summary:
          "200 when a landing (not trashed) has this custom domain, verified, else 404: the TLS proxy's question before it fetches a certificate (Caddy's on_demand_tls ask)",
        querystring: z.object({
          domain: z
            .string()
            .max(DOMAIN_MAX + 10)
            .default(""),
        }),
        response: { 200: z.object({ domain: z.string() }), 404: messageSchema },
      },
    },
    async (request) => {
      const domain = normalizeCustomDomain(request.query.domain);
      const found = domain ? await isAttachedDomain(app.deps.db, domain) : false;
      // No certificate for a name nobody attached: pointing a stranger's DNS here mints nothing.
      if (!found) throw new HttpError(404, "notFound");
      return { domain };
    },
  );

  app.put(
    "/landings/:userId/:landingId/domain",
    {
      config: ownerRoute,
      schema: {
        tags: ["Landings"],
        summary:
          'Claims the owner\'s own domain for a landing ("" detaches it); it serves the landing once verified (`custom_domain_record`, then `POST .../domain/verify`)',
        params: z.object({ userId: idParam, landingId: idParam }),
        body: customDomainInputSchema,
        response: {
          200: z.object({ message: z.string(), landing: landingSchema }),
          ...errorResponses,
          404: messageSchema.describe("Not this owner's landing, or trashed"),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const ownerId = ownerIdOf(request);
      const { landingId } = request.params;
      const domain = request.body.custom_domain;
      const problem = domain === null ? null : customDomainProblem(domain, platformHost);
      if (problem) throw ValidationError.field("custom_domain", problem);
      await setCustomDomain(app.deps, ownerId, landingId, domain);
      const { landing, addons, counts } = await findOwnedLanding(app.deps, ownerId, landingId);
      return {
        message: t(request, "domainSaved"),
        landing: presentLanding(landing, addons, counts, app.deps.config.publicBaseUrl, app.deps.storage.url),
      };
    },
  );

  app.post(
    "/landings/:userId/:landingId/domain/verify",
    {
      config: ownerRoute,
      schema: {
        tags: ["Landings"],
        summary:
          "Looks for the landing's domain's TXT record (`custom_domain_record`): found, the domain serves the landing from now on",
        params: z.object({ userId: idParam, landingId: idParam }),
        response: {
          200: z.object({ message: z.string(), landing: landingSchema }),
          ...errorResponses,
          404: messageSchema.describe("Not this owner's landing, or trashed"),
          409: messageSchema.describe("No domain attached, changed meanwhile, or verified by another landing first"),
          422: validationErrorSchema.describe("The TXT record is not there (yet): `custom_domain`'s message names it"),
          503: messageSchema.describe("The domain's DNS could not be asked: try again later"),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const ownerId = ownerIdOf(request);
      const { landingId } = request.params;
      const domain = await verifyCustomDomain(app.deps, ownerId, landingId);
      const { landing, addons, counts } = await findOwnedLanding(app.deps, ownerId, landingId);
      return {
        message: t(request, "domainVerified", { domain }),
        landing: presentLanding(landing, addons, counts, app.deps.config.publicBaseUrl, app.deps.storage.url),
      };
    },
  );
};
