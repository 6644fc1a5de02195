import { and, eq, isNull } from "drizzle-orm";
import { onLandingOwnedBy } from "../db/owner-scope";
import { invoices, rentalHandovers } from "../db/schema";
import type { AppDeps } from "../deps";
import { documentFileName, drawInvoice, invoiceNumber } from "../documents";
import { HttpError } from "../http/errors";
import { queueMails } from "../mail";
import { customerMail } from "../reservations";
import { privateFolder } from "../storage";
import { type DocumentContext, documentContext } from "./document-context";

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The invoice's PDF (issue 28.5). The invoice itself is written with its number in the check-in's
 * transaction; its PDF is drawn right after that commits (the numbering's lock is never held while
 * a PDF is drawn and stored), kept in the private documents store and emailed to the customer.
 * Should that fail (the store unreachable), the first download draws it instead.
 */

/** The invoice's file name in the language it is drawn in. */
const filenameOf = (number: number, context: DocumentContext) =>
  documentFileName(context.language, "invoice", context.found.reservation.reference, invoiceNumber(number));

async function findInvoice(deps: AppDeps, ownerId: number, reservationId: number) {
  const [invoice] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.reservationId, reservationId), onLandingOwnedBy(invoices.landingId, ownerId)));
  if (!invoice) throw new HttpError(404, "invoiceNotFound");
  return invoice;
}

/** The check-in: its charges, when they were accepted, and when the vehicle came back. */
async function checkInOf(deps: AppDeps, ownerId: number, reservationId: number) {
  const [back] = await deps.db
    .select({ charges: rentalHandovers.charges, acceptedAt: rentalHandovers.chargesAcceptedAt, at: rentalHandovers.at })
    .from(rentalHandovers)
    .where(
      and(
        eq(rentalHandovers.reservationId, reservationId),
        eq(rentalHandovers.kind, "in"),
        onLandingOwnedBy(rentalHandovers.landingId, ownerId),
      ),
    );
  return back;
}

/** Whether the return's charges wait for the customer's signature (the invoice is then only the owner's draft). */
const awaitingAcceptance = (back: Awaited<ReturnType<typeof checkInOf>>) =>
  (back?.charges?.totalCents ?? 0) > 0 && !back?.acceptedAt;

/** The invoice's PDF drawn as the booking's money stands now. */
async function draw(deps: AppDeps, ownerId: number, invoice: InvoiceRow, context: DocumentContext) {
  const back = await checkInOf(deps, ownerId, invoice.reservationId);
  return drawInvoice({
    mail: context.mail,
    issuer: context.issuer,
    invoice,
    charges: back?.charges ?? null,
    handovers: { out: context.checkOut?.at ?? null, back: back?.at ?? null },
    draft: awaitingAcceptance(back),
  });
}

/** The same, stored; answers its path and bytes. */
async function drawAndStore(deps: AppDeps, ownerId: number, invoice: InvoiceRow, context: DocumentContext) {
  const pdf = await draw(deps, ownerId, invoice, context);
  return { pdf, path: await deps.storage.put(privateFolder("invoices"), "pdf", pdf) };
}

/** Draws and stores the invoice's PDF once; answers its path and bytes, and whether this call stored it. */
async function storedInvoice(deps: AppDeps, ownerId: number, reservationId: number) {
  const invoice = await findInvoice(deps, ownerId, reservationId);
  const context = await documentContext(deps, ownerId, reservationId);
  const filename = filenameOf(invoice.number, context);
  if (invoice.path)
    return { context, filename, path: invoice.path, pdf: await deps.storage.get(invoice.path), fresh: false };
  const { pdf, path } = await drawAndStore(deps, ownerId, invoice, context);
  // Two first downloads at once both draw it; the first path written stays, the other file goes.
  const [kept] = await deps.db
    .update(invoices)
    .set({ path })
    .where(and(eq(invoices.id, invoice.id), isNull(invoices.path)))
    .returning({ id: invoices.id });
  if (!kept) {
    await deps.storage.remove(path);
    return storedInvoice(deps, ownerId, reservationId);
  }
  return { context, filename, path, pdf, fresh: true };
}

/**
 * The invoice's PDF, stored the first time and then sent to the customer with it attached. While
 * the return's charges wait for the customer's signature, it is only shown to the owner, drawn as it
 * stands: it is sent once they are accepted (routes.ts), with what the deposit paid on it.
 */
export async function invoiceFile(deps: AppDeps, ownerId: number, reservationId: number) {
  if (awaitingAcceptance(await checkInOf(deps, ownerId, reservationId))) {
    const invoice = await findInvoice(deps, ownerId, reservationId);
    const context = await documentContext(deps, ownerId, reservationId);
    const filename = filenameOf(invoice.number, context);
    return { pdf: await draw(deps, ownerId, invoice, context), filename };
  }
  const { context, filename, path, pdf, fresh } = await storedInvoice(deps, ownerId, reservationId);
  if (fresh) {
    await queueMails(
      deps.db,
      deps.clock.now(),
      customerMail(deps, context.landing, context.found, "reservation.invoice", context.ownerEmail).map((mail) => ({
        ...mail,
        attachments: [{ filename, path, contentType: "application/pdf" }],
      })),
    );
  }
  return { pdf, filename };
}

/**
 * After a payment recorded or undone by hand: an invoice already drawn is drawn again, so its
 * payments and what is left to pay are as they stand (none drawn yet: its first download draws it).
 * The earlier file stays: an email already queued attaches it, as the invoice stood when sent.
 */
export async function redrawInvoice(deps: AppDeps, ownerId: number, reservationId: number) {
  const [invoice] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.reservationId, reservationId), onLandingOwnedBy(invoices.landingId, ownerId)));
  if (!invoice?.path) return;
  const { path } = await drawAndStore(deps, ownerId, invoice, await documentContext(deps, ownerId, reservationId));
  await deps.db.update(invoices).set({ path }).where(eq(invoices.id, invoice.id));
}

/** After a check-in: the invoice's PDF stored and sent (a failure is logged; the first download tries again). */
export async function sendInvoice(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  log: (error: unknown) => void,
) {
  await invoiceFile(deps, ownerId, reservationId).catch(log);
}
