import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentEvents, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { publicRoute } from "../http/access";
import { t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { lapseUnpaid } from "../reservations";
import { record } from "./ledger";
import { paymentsOf } from "./open";
import { ProviderError, type ProviderEvent, type ProviderKeys } from "./provider";
import { usableKeys } from "./settings";
import { nextAttempt, settleCheckout } from "./settle";

/**
 * Stripe's webhooks (issue 27.3), one address per landing (its own account): the signature is
 * checked on the body exactly as received, with that landing's signing secret, so no other
 * account's event (and no forged one) moves its bookings. Each event is acted on once; a
 * duplicate, or one arriving out of order, leaves things as they are.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This scope only: the body stays the bytes that were signed.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/payments/stripe/webhook/:landingId",
    {
      config: publicRoute,
      bodyLimit: 512 * 1024,
      schema: {
        tags: ["Payments"],
        summary:
          "Stripe's events for the landing's account, signed with its webhook secret (400 when the signature does not match)",
        params: z.object({ landingId: idParam }),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          ...errorResponses,
          400: messageSchema.describe("No signature, or one that does not match this landing's secret"),
        },
      },
    },
    async (request, reply) => {
      const { landingId } = request.params;
      const keys = await usableKeys(app.deps, landingId);
      const signature = request.headers["stripe-signature"];
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: readWebhook refuses a missing key, signature or body the same way; this only spares it the work.
      if (!keys || typeof signature !== "string" || !body) {
        return reply.status(400).send({ message: t(request, "webhookRefused") });
      }
      let event: ProviderEvent;
      try {
        event = await paymentsOf(app.deps.config).provider.readWebhook(keys, body, signature);
      } catch (error) {
        if (error instanceof ProviderError) return reply.status(400).send({ message: t(request, "webhookRefused") });
        throw error;
      }
      const [seen] = await app.deps.db
        // Stryker disable next-line ObjectLiteral: any column tells a row exists.
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.provider, "stripe"),
            eq(paymentEvents.landingId, landingId),
            eq(paymentEvents.eventId, event.id),
          ),
        );
      if (seen) return { received: true as const, duplicate: true };
      // Acted on before it is marked seen: if acting fails, Stripe sends it again and it is acted on then.
      await act(app.deps, keys, landingId, event);
      await app.deps.db
        .insert(paymentEvents)
        .values({
          provider: "stripe",
          eventId: event.id,
          landingId,
          type: event.type,
          receivedAt: app.deps.clock.now(),
        })
        .onConflictDoNothing();
      app.mailWorker.nudge();
      return { received: true as const, duplicate: false };
    },
  );
};

async function act(deps: AppDeps, keys: ProviderKeys, landingId: number, event: ProviderEvent) {
  switch (event.type) {
    case "checkout.completed":
      await settleCheckout(deps, keys, landingId, event.checkout);
      return;
    case "checkout.expired":
      // Only a booking of this landing still waiting on that very checkout lapses.
      // Stryker disable next-line ConditionalExpression: a null id matches no booking in lapseIfWaitingOn's query either.
      if (event.reservationId !== null) await lapseIfWaitingOn(deps, landingId, event.reservationId, event.checkoutId);
      return;
    case "refund.updated":
      await deps.db
        .update(payments)
        .set({
          status: event.refund.status,
          // A refund the provider reports failed is tried again by the sweep, never left.
          nextAttemptAt: event.refund.status === "failed" ? nextAttempt(deps.clock.now(), 0) : null,
          // Made: dated by the first report that says so (a repeated event keeps it).
          completedAt:
            event.refund.status === "succeeded" ? sql`coalesce(${payments.completedAt}, ${deps.clock.now()})` : null,
          updatedAt: deps.clock.now(),
        })
        .where(
          and(
            eq(payments.landingId, landingId),
            eq(payments.kind, "refund"),
            eq(payments.provider, "stripe"),
            eq(payments.providerId, event.refund.id),
          ),
        );
      return;
    case "hold.released":
      await recordLapsedHold(deps, landingId, event.paymentId);
      return;
    // Stryker disable next-line ConditionalExpression,StringLiteral: an event not named above is ignored either way.
    case "ignored":
      return;
  }
}

/**
 * The provider let go of a hold by itself (it lapsed, or was released from its dashboard): the
 * ledger says so, so the owner is no longer offered to charge or release it. A release Nelly asked
 * for is already on the ledger, and the unique index keeps it once.
 */
async function recordLapsedHold(deps: AppDeps, landingId: number, paymentId: string) {
  const [hold] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.landingId, landingId),
        eq(payments.kind, "hold"),
        eq(payments.status, "succeeded"),
        eq(payments.providerId, paymentId),
      ),
    );
  if (!hold) return;
  await record(
    deps.db,
    {
      reservationId: hold.reservationId,
      landingId,
      kind: "release",
      status: "succeeded",
      amountCents: hold.amountCents,
      currency: hold.currency,
      provider: hold.provider,
      providerId: paymentId,
      paymentId,
      reason: "provider",
    },
    deps.clock.now(),
  );
}

async function lapseIfWaitingOn(deps: AppDeps, landingId: number, reservationId: number, checkoutId: string) {
  const [row] = await deps.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.id, reservationId),
        eq(reservations.landingId, landingId),
        eq(reservations.checkoutId, checkoutId),
      ),
    );
  if (row) await lapseUnpaid(deps, row.id);
}
