import { RESERVATION_ADDONS_MAX } from "@domain/addons";
import { publicLandingSchema } from "@domain/landings";
import { LANGUAGES, languageOr } from "@domain/languages";
import { PLACE_MAX } from "@domain/limits";
import {
  type PaymentPlan,
  paymentPlanFor,
  paysOnline,
  presentQuotedPayment,
  quotedPaymentSchema,
} from "@domain/payments";
import { presentPrice, priceBreakdownSchema } from "@domain/price-breakdown";
import {
  customerReservationSchema,
  eachAddonOnce,
  REFERENCE_PATTERN,
  RESERVATION_STATUSES,
  reservationAddonSchema,
  reservationCreateSchema,
} from "@domain/reservations";
import { publicVehicleSchema, specialFeatureSchema } from "@domain/vehicles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../http/access";
import { HttpError } from "../http/errors";
import { requestLanguage, t } from "../http/language";
import { errorResponses, idParam, messageSchema, ruleMessageSchema, slugParam } from "../http/schemas";
import { findBookableLanding } from "../landings";
import { settleEndedBooking, settleOnReturn, startCheckout } from "../payments";
import {
  bookingPeriod,
  cancelByCustomer,
  createReservation,
  customerReservation,
  presentCustomerReservation,
  publicFreeVehicleIds,
  visitorQuote,
} from "../reservations";
import { presentSpecialFeature } from "../vehicles";
import { presentPublicVehicle, publicLandingView } from "./presenter";
import { findPublicVehicle, keptPublicVehicle, publicVehiclesOf } from "./service";

const tags = ["Public"];

type Paying = { id: number; status: string; paymentPlan: PaymentPlan | null };
const bookingTags = ["Booking"];
/** "2027-03-05T10:00": a date and a time of the landing's wall clock. */
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "dateInvalid")
  .transform((text) => ({ date: text.slice(0, 10), time: text.slice(11, 16) }));
/** The add-ons a quote may name (built once: a schema built per request was a tenth of a quote's time). */
const quoteAddons = z.array(reservationAddonSchema).max(RESERVATION_ADDONS_MAX).refine(eachAddonOnce);
/** "12:1,14:2": add-on ids and quantities. */
const addonsQuery = z
  .string()
  .max(200)
  .optional()
  .transform((text, ctx) => {
    const pairs = (text ?? "").split(",").filter(Boolean);
    const addons = pairs.map((pair) => {
      const [id, quantity = "1"] = pair.split(":");
      return { id: Number(id), quantity: Number(quantity) };
    });
    const parsed = quoteAddons.safeParse(addons);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: "addonsInvalid" });
    return z.NEVER;
  });
/** `?lang=es|en`: what the owner wrote, in that language; the landing's own when left out. */
const languageQuery = z.object({ lang: z.enum(LANGUAGES, "languageInvalid").optional() });

/** Reads for visitors: no sign-in, published landings only. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/publicLanding/:name",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A published landing with its vehicles, places, add-ons and prices (nothing private)",
        params: z.object({ name: slugParam }),
        querystring: languageQuery,
        response: {
          200: publicLandingSchema.extend({ vehicles: z.array(publicVehicleSchema) }),
          404: messageSchema,
        },
      },
    },
    async (request) => {
      const bookable = await findBookableLanding(app.deps.db, { name: request.params.name, recent: true });
      const fleet = await publicVehiclesOf(app.deps.db, bookable.landing);
      const language = request.query.lang ?? languageOr(bookable.landing.defaultLanguage, "es");
      return publicLandingView(bookable, fleet, app.deps.config.publicBaseUrl, app.deps.storage.url, language);
    },
  );

  app.get(
    "/publicLanding/:name/vehicle/:idvehicle",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A vehicle of a published landing",
        params: z.object({ name: slugParam, idvehicle: idParam }),
        querystring: languageQuery,
        response: { 200: publicVehicleSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const found = await findPublicVehicle(app.deps.db, request.params.idvehicle, request.params.name);
      const stored = languageOr(found.language, "es");
      return presentPublicVehicle(found, app.deps.storage.url, request.query.lang ?? stored, stored);
    },
  );

  app.get(
    "/vehicle/:id/special-features-public",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "The special features of a vehicle of a published landing",
        params: z.object({ id: idParam }),
        response: {
          200: z.object({
            specialFeatures: z.array(specialFeatureSchema),
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

/** Booking for visitors: the quote, which vehicles are free, and the reservation itself. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * A booking waiting for its card payment goes to the provider's page (issue 27). When the page
   * cannot be opened now, the booking stays and the customer is told; a replayed answer (no token)
   * sends the customer to their booking's page, which offers the payment again.
   */
  const paymentPage = async (reservation: Paying, customerToken: string | null, request: FastifyRequest) => {
    if (reservation.status !== "awaiting_payment" || !paysOnline(reservation.paymentPlan) || !customerToken) {
      return { payment_url: null, payment_error: null };
    }
    try {
      return { payment_url: (await startCheckout(app.deps, reservation.id, customerToken)).url, payment_error: null };
    } catch (error) {
      if (error instanceof HttpError) return { payment_url: null, payment_error: t(request, error.key) };
      throw error;
    }
  };

  app.get(
    "/publicLanding/:name/quote",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary:
          "The price of a vehicle for a period with add-ons (addons=ID:QTY,...) and places: every line, whether it is free, and each rental rule that stops it. The driver's age is asked and charged by the booking itself (a date of birth never travels in a URL).",
        params: z.object({ name: slugParam }),
        querystring: z.object({
          vehicle: idParam,
          from: localDateTime,
          to: localDateTime,
          addons: addonsQuery,
          pickup: z.string().max(PLACE_MAX).optional(),
          return: z.string().max(PLACE_MAX).optional(),
          lang: languageQuery.shape.lang,
        }),
        response: {
          200: priceBreakdownSchema.extend({
            /** The vehicle's deposit: held at pickup, or on the card when `payment` says so. */
            deposit_cents: z.number().int(),
            /** How the booking would be paid (issue 27); null when all is paid at pickup. */
            payment: quotedPaymentSchema.nullable(),
            available: z.boolean(),
            problems: z.array(z.object({ rule: z.string(), field: z.string(), message: z.string() })),
          }),
          404: messageSchema,
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      const quote = await visitorQuote(app.deps, request.params.name, request.query, async (landing, id) => {
        const found = (await publicVehiclesOf(app.deps.db, landing)).find(({ vehicle }) => vehicle.id === id);
        if (!found) throw new HttpError(404, "vehicleNotFound");
        return found.vehicle;
      });
      const plan = paymentPlanFor(quote.paymentSettings, quote.price.totalCents, quote.depositCents);
      return {
        ...presentPrice(quote.price),
        deposit_cents: quote.depositCents,
        payment: plan ? presentQuotedPayment(plan, quote.paymentSettings) : null,
        available: quote.available,
        problems: quote.problems.map((problem) => ({
          rule: problem.rule,
          field: problem.field,
          message: t(request, problem.key, problem.params),
        })),
      };
    },
  );

  app.get(
    "/publicLanding/:name/availability",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary: "Which of the landing's vehicles have a unit free for the whole period",
        params: z.object({ name: slugParam }),
        querystring: z.object({ from: localDateTime, to: localDateTime }),
        response: {
          200: z.object({ vehicles: z.array(z.object({ id: z.number().int(), available: z.boolean() })) }),
          404: messageSchema,
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      const { landing } = await findBookableLanding(app.deps.db, { name: request.params.name, recent: true });
      const period = bookingPeriod(landing, request.query.from, request.query.to, app.deps.clock.now());
      // Every vehicle of the landing, in id order.
      const fleet = (await publicVehiclesOf(app.deps.db, landing))
        .map(({ vehicle }) => ({ id: vehicle.id, units: vehicle.units }))
        .sort((a, b) => a.id - b.id);
      const free = await publicFreeVehicleIds(app.deps.db, landing, fleet, period);
      return { vehicles: fleet.map((vehicle) => ({ id: vehicle.id, available: free.has(vehicle.id) })) };
    },
  );

  const customerParams = z.object({
    name: slugParam,
    reference: z.string().regex(REFERENCE_PATTERN, "reservationNotFound"),
  });
  const customerQuery = z.object({ t: z.string().max(100).optional().default("") });
  // The status the customer's page showed when they asked to cancel (its fee was for that one).
  const cancelQuery = customerQuery.extend({ from: z.enum(RESERVATION_STATUSES, "statusInvalid").optional() });

  app.get(
    "/publicLanding/:name/reservation/:reference",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary: "The customer's own reservation, with the secret token from their email (?t=...)",
        params: customerParams,
        querystring: customerQuery,
        response: { 200: customerReservationSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const { name, reference } = request.params;
      let found = await customerReservation(app.deps.db, name, reference, request.query.t);
      // Back from paying: what the provider says now, before the webhook does.
      if (await settleOnReturn(app.deps, found.reservation)) {
        found = await customerReservation(app.deps.db, name, reference, request.query.t);
      }
      return presentCustomerReservation(found, app.deps.storage.url, requestLanguage(request));
    },
  );

  app.post(
    "/publicLanding/:name/reservation/:reference/cancel",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary:
          "The customer cancels their reservation (?t=...); the policy's fee is stored and the owner told. With from=, the status their page showed: a booking that moved since (the operator confirmed it) answers 409",
        params: customerParams,
        querystring: cancelQuery,
        response: {
          200: z.object({ message: z.string(), reservation: customerReservationSchema }),
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const { name, reference } = request.params;
      let found = await cancelByCustomer(app.deps, name, reference, request.query.t, request.query.from);
      // What they paid goes back less the policy's fee; a deposit held is released.
      if (await settleEndedBooking(app.deps, found.reservation.id)) {
        found = await customerReservation(app.deps.db, name, reference, request.query.t);
      }
      app.mailWorker.nudge();
      return {
        message: t(request, "reservationCancelled"),
        reservation: presentCustomerReservation(found, app.deps.storage.url, requestLanguage(request)),
      };
    },
  );

  app.post(
    "/publicLanding/:name/reservation/:reference/pay",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary:
          "The customer goes (again) to the payment page of their booking awaiting its card payment (?t=...); 503 when the provider cannot be reached now",
        params: customerParams,
        querystring: customerQuery,
        response: {
          200: z.object({ payment_url: z.string() }),
          404: messageSchema,
          409: messageSchema.describe("The booking has no payment waiting (paid, lapsed or cancelled)"),
          503: messageSchema,
        },
      },
    },
    async (request) => {
      const { name, reference } = request.params;
      const found = await customerReservation(app.deps.db, name, reference, request.query.t);
      return { payment_url: (await startCheckout(app.deps, found.reservation.id, request.query.t)).url };
    },
  );

  app.post(
    "/reservations",
    {
      config: publicRoute,
      schema: {
        tags: bookingTags,
        summary:
          "Books a vehicle of a published landing (the server prices it; any total sent is ignored, and an expected_total_cents other than the server's total answers 409 with rules ['price'], booking nothing). An Idempotency-Key header makes a retry with the same values answer the first booking (with Idempotent-Replayed: true), whatever its expected_total_cents and language; the same key with other values answers 422 and nothing of the first.",
        headers: z.object({
          "idempotency-key": z.string().min(8, "idempotencyKeyInvalid").max(100, "idempotencyKeyInvalid").optional(),
        }),
        body: reservationCreateSchema,
        response: {
          201: customerReservationSchema.extend({
            customer_token: z.string().nullable(),
            /** The provider's page to pay on (issue 27), when the booking waits for a card payment. */
            payment_url: z.string().nullable(),
            /** Why that page could not be opened now (the booking is kept; the customer can retry). */
            payment_error: z.string().nullable(),
          }),
          // Names what is gone: `vehicle` (deleted or unpublished) or `landing` (the site unpublished).
          404: ruleMessageSchema,
          409: ruleMessageSchema,
          422: errorResponses[422],
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createReservation(
        app.deps,
        request.body,
        request.headers["idempotency-key"],
        (on) => app.reservationSlots.take(request.ip, on),
        (landing, id) => keptPublicVehicle(app.deps.db, landing, id),
      );
      // A retry answered with the first booking made no new reservation (nor counted one).
      if (created.replayed) reply.header("idempotent-replayed", "true");
      const { found, customerToken } = created;
      app.mailWorker.nudge();
      const payment = await paymentPage(found.reservation, customerToken, request);
      return reply.status(201).send({
        ...presentCustomerReservation(found, app.deps.storage.url, requestLanguage(request)),
        customer_token: customerToken,
        ...payment,
      });
    },
  );
};
