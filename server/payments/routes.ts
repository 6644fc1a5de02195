import {
  paymentAccountSchema,
  paymentSettingsInputSchema,
  paymentSettingsSchema,
  presentPaymentSettings,
  stripeKeysInputSchema,
} from "@domain/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { assertSelf, ownerIdOf } from "../http/auth";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import {
  connectStripe,
  disconnectStripe,
  type OwnerPayments,
  readOwnerPayments,
  savePaymentSettings,
} from "./settings";

const tags = ["Payments"];
const params = z.object({ userId: idParam, landingId: idParam });

const paymentsSchema = z.object({
  settings: paymentSettingsSchema,
  account: paymentAccountSchema.nullable(),
  /** Where the operator points the Stripe webhook of this landing's account. */
  webhook_url: z.string(),
  /** The row's version, sent back with the next save (409 when someone saved first). */
  version: z.number().int(),
});
const present = (payments: OwnerPayments) => ({
  settings: presentPaymentSettings(payments.settings),
  account: payments.account,
  webhook_url: payments.webhookUrl,
  version: payments.version,
});
const answer = paymentsSchema.extend({ message: z.string() });
const notFound = { 404: messageSchema.describe("Not this owner's landing, or gone") };

/** The "Pagos" tab (issue 27): how a landing's bookings are paid, and the operator's Stripe account. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/landings/:userId/:landingId/payments",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "How the landing's bookings are paid, and the connected account (its keys are never sent back)",
        params,
        response: { 200: paymentsSchema, ...errorResponses, ...notFound },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return present(await readOwnerPayments(app.deps, ownerIdOf(request), request.params.landingId));
    },
  );

  app.put(
    "/landings/:userId/:landingId/payments",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves how bookings are paid: prepayment, its channel (card or bank transfer), what the counter takes, the deposit hold; with the `version` it was read at",
        params,
        body: paymentSettingsInputSchema,
        response: {
          200: answer,
          ...errorResponses,
          ...notFound,
          409: messageSchema.describe("Saved by someone else since it was read"),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { settings, version } = request.body;
      const saved = await savePaymentSettings(
        app.deps,
        ownerIdOf(request),
        request.params.landingId,
        settings,
        version,
      );
      return { message: t(request, "paymentSettingsSaved"), ...present(saved) };
    },
  );

  app.put(
    "/landings/:userId/:landingId/payments/stripe",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Connects the operator's own Stripe account: the keys are checked with a test call, then sealed at rest",
        params,
        body: stripeKeysInputSchema,
        response: {
          200: answer,
          ...errorResponses,
          ...notFound,
          503: messageSchema.describe("Stripe could not be reached; nothing was saved"),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const saved = await connectStripe(app.deps, ownerIdOf(request), request.params.landingId, request.body);
      return { message: t(request, "stripeConnected"), ...present(saved) };
    },
  );

  app.delete(
    "/landings/:userId/:landingId/payments/stripe",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "Forgets the Stripe keys; refused (409) while the settings still charge cards or hold deposits",
        params,
        response: {
          200: answer,
          ...errorResponses,
          ...notFound,
          409: messageSchema.describe("The settings still take money online"),
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const saved = await disconnectStripe(app.deps, ownerIdOf(request), request.params.landingId);
      return { message: t(request, "stripeDisconnected"), ...present(saved) };
    },
  );
};
