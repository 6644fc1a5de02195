import { checkInSchema, checkOutSchema, counterViewSchema } from "@domain/counter";
import { acceptChargesSchema } from "@domain/documents";
import { formatMoney } from "@domain/money";
import { manualRefundInputSchema, receivedPaymentInputSchema } from "@domain/payment-actions";
import { settlementOf } from "@domain/payments";
import { reservationSchema } from "@domain/reservations";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { HttpError } from "../http/errors";
import { requestLanguage, t } from "../http/language";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { loadReservation, presentReservation, type ReservationWithAddons } from "../reservations";
import { acceptCharges } from "./charges-acceptance";
import { redrawInvoice, sendInvoice } from "./invoice-files";
import { recordPayment, recordRefund, undoPayment } from "./received";
import { checkIn, checkOut, correctCheckIn, counterViewOf } from "./service";

const tags = ["Counter"];
const params = z.object({ id: idParam });
const responses = { ...errorResponses, 404: messageSchema, 409: messageSchema };
const handedOver = z.object({ message: z.string(), reservation: reservationSchema, counter: counterViewSchema });
const paymentAnswer = z.object({ message: z.string(), reservation: reservationSchema });

export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Draws, stores and emails the invoice; a failure is logged (the first download tries again). */
  const sendInvoiceNow = async (request: FastifyRequest, ownerId: number, reservationId: number) => {
    await sendInvoice(app.deps, ownerId, reservationId, (error) =>
      request.log.error({ err: error }, "the invoice's PDF could not be stored or sent"),
    );
    app.mailWorker.nudge();
  };
  const answer = async (ownerId: number, found: ReservationWithAddons, message: string) => ({
    message,
    reservation: presentReservation(found, app.deps.storage.url),
    counter: await counterViewOf(app.deps.db, ownerId, found.reservation.id),
  });

  /**
   * The counter after a return is recorded or corrected. With charges, the invoice is sent once the
   * customer has accepted them (what the deposit paid shows on it); without, now, and the view is
   * read after it (the return is then no longer correctable). A failure is logged: the first
   * download draws it again.
   */
  const afterReturn = async (request: FastifyRequest, ownerId: number, found: ReservationWithAddons) => {
    // Just returned or corrected, the charges are all still to accept: none means none at all.
    if (found.chargesAwaitingCents === 0) await sendInvoiceNow(request, ownerId, found.reservation.id);
    return counterViewOf(app.deps.db, ownerId, found.reservation.id);
  };

  /** An invoice already drawn shows the payment; a failure is logged (its PDF then shows the money as it was). */
  const redrawInvoiceNow = (request: FastifyRequest, ownerId: number, reservationId: number) =>
    redrawInvoice(app.deps, ownerId, reservationId).catch((error) =>
      request.log.error({ err: error }, "the invoice's PDF could not be drawn again after a payment"),
    );
  const moneyIn = (request: FastifyRequest) => (cents: number, currency: string) =>
    formatMoney(cents, currency, requestLanguage(request));

  app.post(
    "/reservations/:id/payments",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records money the owner received by hand (cash, a card on their own terminal, or a transfer), with an optional note: at most what is left to pay (the booking's total and the return's charges accepted, less what was paid); outstanding_cents is what the owner saw (409 when it changed meanwhile, so a second click records nothing; 409 when the booking is not confirmed, on rent, returned or completed)",
        params,
        body: receivedPaymentInputSchema,
        response: { 200: paymentAnswer, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await recordPayment(app.deps, ownerId, request.params.id, request.body, moneyIn(request));
      await redrawInvoiceNow(request, ownerId, request.params.id);
      return {
        message: t(request, "paymentRecorded", {
          amount: moneyIn(request)(request.body.amount, found.reservation.currency),
        }),
        reservation: presentReservation(found, app.deps.storage.url),
      };
    },
  );

  app.post(
    "/reservations/:id/payments/refunds",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records money the owner gave back by hand (a transfer back after a cancellation, cash), with an optional note: at most what came in by transfer or by hand and is not given back yet; refundable_cents is what the owner saw (409 when it changed meanwhile, or when nothing came in that way)",
        params,
        body: manualRefundInputSchema,
        response: { 200: paymentAnswer, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await recordRefund(app.deps, ownerId, request.params.id, request.body, moneyIn(request));
      app.mailWorker.nudge();
      await redrawInvoiceNow(request, ownerId, request.params.id);
      return {
        message: t(request, "refundRecorded", {
          amount: moneyIn(request)(request.body.amount, found.reservation.currency),
        }),
        reservation: presentReservation(found, app.deps.storage.url),
      };
    },
  );

  app.delete(
    "/reservations/:id/payments/:paymentId",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Undoes a payment or refund the owner recorded by hand by mistake: it stays on the ledger, voided and dated (settlement.voided_by_hand), and the figures are as before it (404 when it is not one of this booking's movements recorded by hand, or was undone already)",
        params: z.object({ id: idParam, paymentId: idParam }),
        response: { 200: paymentAnswer, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const { found, amountCents, refund, currency } = await undoPayment(
        app.deps,
        ownerId,
        request.params.id,
        request.params.paymentId,
      );
      if (refund) app.mailWorker.nudge();
      await redrawInvoiceNow(request, ownerId, request.params.id);
      return {
        message: t(request, refund ? "refundUndone" : "paymentUndone", {
          amount: moneyIn(request)(amountCents, currency),
        }),
        reservation: presentReservation(found, app.deps.storage.url),
      };
    },
  );

  app.get(
    "/reservations/:id/counter",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "A booking's check-out and check-in (null before each is recorded), with the return's charges",
        params,
        response: { 200: counterViewSchema, ...responses },
      },
    },
    async (request) => counterViewOf(app.deps.db, ownerIdOf(request), request.params.id),
  );

  app.post(
    "/reservations/:id/check-out",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records a confirmed booking's check-out from its pickup day: drivers (licence valid through the return, the booking's age rule), kilometres, fuel in eighths, damage marks, items handed over, and the deposit taken at the counter (`deposit_method` cash, card or none, with `deposit_amount`; asked when the booking's deposit is taken at pickup, refused when it is held on the card); the booking is then on rent and holds its unit until checked in (409 if not confirmed or already out)",
        params,
        body: checkOutSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await checkOut(app.deps, ownerId, request.params.id, request.body);
      return answer(ownerId, found, t(request, "checkedOut", { reference: found.reservation.reference }));
    },
  );

  app.post(
    "/reservations/:id/check-in",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Records an on-rent booking's check-in: kilometres, fuel, return time (now unless given), cleaning, new damage marks and damage charges; prices the extra kilometres, fuel, late hours, cleaning, additional drivers and damage on the landing's counter rules; the booking is then returned (409 if not on rent)",
        params,
        body: checkInSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await checkIn(app.deps, ownerId, request.params.id, request.body);
      return {
        message: t(request, "checkedIn", { reference: found.reservation.reference }),
        reservation: presentReservation(found, app.deps.storage.url),
        counter: await afterReturn(request, ownerId, found),
      };
    },
  );

  app.put(
    "/reservations/:id/check-in",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Corrects a recorded return with the check-in's own form (kilometres, fuel, return time, cleaning, marks, damage charges, the invoice's tax ids), checked and priced again the same way; the invoice keeps its number and is priced again, and the return as it stood before is kept (`check_in.corrections`). Only while the booking is returned, its charges not accepted by the customer and its invoice not sent (`check_in.correctable`); else 409",
        params,
        body: checkInSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const found = await correctCheckIn(app.deps, ownerId, request.params.id, request.body);
      return {
        message: t(request, "returnCorrected", { reference: found.reservation.reference }),
        reservation: presentReservation(found, app.deps.storage.url),
        counter: await afterReturn(request, ownerId, found),
      };
    },
  );

  app.post(
    "/reservations/:id/charges/acceptance",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "The customer accepts the return's charges, signing on the screen; where the deposit is held on their card, or was taken at the counter, the charges (with their tax) are taken from it up to what it holds (a counter deposit's share recorded as money received), and the rest stays due; the invoice is then sent (409 without charges, or once accepted)",
        params,
        body: acceptChargesSchema,
        response: { 200: handedOver, ...responses },
      },
    },
    async (request) => {
      const ownerId = ownerIdOf(request);
      const { takenCents, dueCents, backCents, partOfDeposit, currency } = await acceptCharges(
        app.deps,
        ownerId,
        request.params.id,
        request.body,
      );
      await sendInvoiceNow(request, ownerId, request.params.id);
      const found = await loadReservation(app.deps.db, request.params.id);
      if (!found) throw new HttpError(404, "reservationNotFound");
      const language = requestLanguage(request);
      const money = (cents: number) => formatMoney(cents, currency, language);
      const name = request.body.signer_name;
      const taken = money(takenCents);
      // What the rental itself still owes (the charges are paid from the deposit when some goes back):
      // said before the rest of the deposit is handed back, as the counter's summary says it.
      const unpaidCents = settlementOf(
        found.reservation.totalCents,
        found.chargesCents,
        found.payments,
        false,
      ).outstanding_cents;
      const message =
        backCents !== null && takenCents > 0
          ? backCents > 0
            ? unpaidCents > 0
              ? t(request, "chargesAcceptedFromCounterDepositUnpaid", {
                  name,
                  taken,
                  back: money(backCents),
                  due: money(unpaidCents),
                })
              : t(request, "chargesAcceptedFromCounterDeposit", { name, taken, back: money(backCents) })
            : t(
                request,
                partOfDeposit ? "chargesAcceptedFromCounterDepositRestDue" : "chargesAcceptedFromCounterDepositDue",
                { name, taken, due: money(dueCents) },
              )
          : takenCents > 0
            ? t(request, "chargesAcceptedFromDeposit", { name, taken, due: money(dueCents) })
            : t(request, "chargesAccepted", { name, due: money(dueCents) });
      return answer(ownerId, found, message);
    },
  );
};
