import type { DamageZone } from "@domain/counter";
import type { Language } from "@domain/languages";
import type { ReturnChargeLine, ReturnRate } from "@domain/return-charges";
import { fillTemplate } from "@domain/rule-messages";

/** The words of the rental's documents (the agreement and the invoice), in the customer's language. */
const documentCopy = {
  es: {
    agreementTitle: "Contrato de alquiler",
    agreementSubtitle: "Reserva {{reference}} · versión {{version}}",
    draftSubtitle: "Reserva {{reference}} · borrador para leer antes de firmar",
    agreementFooter: "Contrato {{reference}} · v{{version}}",
    draftFooter: "Contrato {{reference}} · borrador",
    page: "Página {{page}} de {{pages}}",
    parties: "Las partes",
    operator: "Arrendador",
    customer: "Arrendatario",
    taxId: "RNC / identificación fiscal",
    email: "Correo",
    phone: "Teléfono",
    drivers: "Conductores autorizados",
    driverLicence: "Licencia {{number}} ({{country}}), vence el {{expiry}} · nacimiento {{birth}}",
    rental: "El vehículo y las fechas",
    state: "Estado del vehículo a la entrega",
    stateAtCounter:
      "Firmado antes de la recogida: los kilómetros, el combustible, los daños y lo entregado se anotan en el mostrador al entregar el vehículo, y constan en el registro de la entrega.",
    odometer: "Kilómetros",
    fuel: "Combustible",
    fuelEighths: "{{eighths}}/8",
    items: "Entregado con el vehículo",
    noItems: "Nada más",
    depositTitle: "Depósito",
    depositReceivedCash:
      "Se recibieron {{amount}} en efectivo al entregar el vehículo. Se devuelven al devolverlo, menos los cargos de la devolución que el cliente acepte.",
    depositReceivedCard:
      "Se recibieron {{amount}} con tarjeta al entregar el vehículo. Se devuelven al devolverlo, menos los cargos de la devolución que el cliente acepte.",
    depositNotReceived: "No se recibió depósito al entregar el vehículo.",
    marks: "Daños anotados a la entrega",
    noMarks: "Sin daños anotados.",
    markNone: "Sin nota",
    left: "izquierda",
    right: "derecha",
    price: "Precio del alquiler",
    returnRates: "Tarifas de la devolución",
    returnRatesTax: "Importes sin impuestos: a lo que se cobre se suma el {{label}} ({{rate}} %).",
    rateExtraKm: "Cada km de más, pasados los {{included}} km incluidos ({{perDay}} km por día)",
    rateFuel: "Cada octavo de tanque por debajo del nivel de la entrega",
    rateLate: "Cada hora empezada de retraso sobre la devolución prevista",
    rateLateGrace: "sin cargo hasta {{minutes}} min",
    rateLateCap: "como mucho {{cap}} cada 24 h",
    rateCleaning: "Limpieza, si el vehículo vuelve sucio",
    rateDrivers: "Conductores adicionales: {{count}} × {{unit}} por día del alquiler",
    policies: "Política de cancelación",
    terms: "Condiciones del contrato",
    rentalTerms: "Condiciones de alquiler",
    accept:
      "Con su firma, el arrendatario declara haber leído este contrato, recibir el vehículo en el estado descrito y aceptar sus condiciones y precios, y los cargos de la devolución según las reglas del arrendador.",
    signedBy: "Firmado por {{name}}",
    signedAt: "el {{date}} a las {{time}} (hora de {{zone}})",
    signedOnScreen: "Firma en pantalla, registrada por {{landing}}.",
    signedDrawn: "Firma manuscrita en pantalla, registrada por {{landing}}.",
    signedTyped: "Nombre escrito y aceptado como firma en pantalla, registrado por {{landing}}.",
    invoiceTitle: "Factura",
    invoiceSubtitle: "N.º {{number}} · {{date}}",
    invoiceFooter: "Factura {{number}} · reserva {{reference}}",
    invoiceDraftTitle: "Factura (borrador)",
    invoiceDraftSubtitle: "N.º {{number}} · {{date}} · los cargos esperan la firma del cliente",
    invoiceDraftFooter: "Factura {{number}} · reserva {{reference}} · borrador",
    invoiceDraftNote:
      "Los cargos de la devolución esperan la aceptación firmada del cliente: hasta entonces no se cobran y esta factura no se le envía.",
    billedTo: "Facturado a",
    client: "Cliente",
    customerTaxId: "RNC / cédula del cliente",
    ncf: "NCF (comprobante fiscal)",
    booking: "El alquiler",
    handedOut: "Entregado",
    handedBack: "Devuelto",
    bookingLines: "Alquiler según la reserva",
    returnCharges: "Cargos de la devolución",
    chargesSubtotal: "Subtotal de los cargos",
    chargesTax: "{{label}} de los cargos ({{rate}} %)",
    bookingTotal: "Total del alquiler (impuestos incluidos)",
    invoiceTotal: "Total de la factura ({{currency}})",
    settlement: "Pagos",
    paidOnline: "Pagado en línea",
    capturedDeposit: "Cobrado del depósito",
    due: "Pendiente de pago",
    dueOnceAccepted: "Pendiente de pago una vez aceptados los cargos",
    receivedCash: "Recibido en efectivo ({{date}})",
    receivedCard: "Recibido con tarjeta ({{date}})",
    receivedTransfer: "Recibido por transferencia ({{date}})",
    receivedFromDeposit: "Tomado del depósito ({{date}})",
    refundToCard: "Reembolso a la tarjeta ({{date}})",
    refundToCardPending: "Reembolso a la tarjeta, en curso ({{date}})",
    refundCash: "Reembolso en efectivo ({{date}})",
    refundCard: "Reembolso con tarjeta ({{date}})",
    refundTransfer: "Reembolso por transferencia ({{date}})",
    paymentStatus: "Estado del pago",
    paidInFull: "Pagado",
    extraKm: "{{count}} km de más × {{unit}}",
    fuelCharge: "{{count}} octavos de combustible × {{unit}}",
    late: "{{count}} h de retraso × {{unit}}",
    cleaning: "Limpieza",
    driversCharge: "Conductores adicionales: {{count}} × {{unit}} por día",
    damage: "Daños: {{reason}}",
  },
  en: {
    agreementTitle: "Rental agreement",
    agreementSubtitle: "Booking {{reference}} · version {{version}}",
    draftSubtitle: "Booking {{reference}} · draft to read before signing",
    agreementFooter: "Agreement {{reference}} · v{{version}}",
    draftFooter: "Agreement {{reference}} · draft",
    page: "Page {{page}} of {{pages}}",
    parties: "The parties",
    operator: "Lessor",
    customer: "Renter",
    taxId: "Tax id",
    email: "Email",
    phone: "Phone",
    drivers: "Authorised drivers",
    driverLicence: "Licence {{number}} ({{country}}), expires {{expiry}} · born {{birth}}",
    rental: "The vehicle and the dates",
    state: "The vehicle at check-out",
    stateAtCounter:
      "Signed before pickup: the kilometres, fuel, damage and items handed over are recorded at the counter when the vehicle is handed over, in the check-out's record.",
    odometer: "Kilometres",
    fuel: "Fuel",
    fuelEighths: "{{eighths}}/8",
    items: "Handed over with the vehicle",
    noItems: "Nothing else",
    depositTitle: "Deposit",
    depositReceivedCash:
      "{{amount}} was received in cash when the vehicle was handed over. It is given back at the return, less the return charges the customer accepts.",
    depositReceivedCard:
      "{{amount}} was received by card when the vehicle was handed over. It is given back at the return, less the return charges the customer accepts.",
    depositNotReceived: "No deposit was received when the vehicle was handed over.",
    marks: "Damage noted at check-out",
    noMarks: "No damage noted.",
    markNone: "No note",
    left: "left",
    right: "right",
    price: "The rental's price",
    returnRates: "Rates at the return",
    returnRatesTax: "Amounts before tax: {{label}} ({{rate}}%) is added to what is charged.",
    rateExtraKm: "Each extra km, past the {{included}} km included ({{perDay}} km a day)",
    rateFuel: "Each eighth of a tank below the level at check-out",
    rateLate: "Each started hour past the planned return",
    rateLateGrace: "free up to {{minutes}} min",
    rateLateCap: "at most {{cap}} for each 24 h",
    rateCleaning: "Cleaning, if the vehicle comes back dirty",
    rateDrivers: "Additional drivers: {{count}} × {{unit}} for each day of the rental",
    policies: "Cancellation policy",
    terms: "Terms of the agreement",
    rentalTerms: "Rental conditions",
    accept:
      "By signing, the renter states that they have read this agreement, receive the vehicle in the state described, and accept its terms and prices, and the return's charges under the lessor's rules.",
    signedBy: "Signed by {{name}}",
    signedAt: "on {{date}} at {{time}} ({{zone}} time)",
    signedOnScreen: "Signature on screen, recorded by {{landing}}.",
    signedDrawn: "Handwritten signature on screen, recorded by {{landing}}.",
    signedTyped: "Name typed and adopted as the signature on screen, recorded by {{landing}}.",
    invoiceTitle: "Invoice",
    invoiceSubtitle: "No. {{number}} · {{date}}",
    invoiceFooter: "Invoice {{number}} · booking {{reference}}",
    invoiceDraftTitle: "Invoice (draft)",
    invoiceDraftSubtitle: "No. {{number}} · {{date}} · the charges await the customer's signature",
    invoiceDraftFooter: "Invoice {{number}} · booking {{reference}} · draft",
    invoiceDraftNote:
      "The return's charges await the customer's signed acceptance: until then they are not collected and this invoice is not sent to them.",
    billedTo: "Billed to",
    client: "Customer",
    customerTaxId: "Customer's tax id",
    ncf: "NCF (fiscal receipt number)",
    booking: "The rental",
    handedOut: "Handed over",
    handedBack: "Returned",
    bookingLines: "Rental as booked",
    returnCharges: "Charges at return",
    chargesSubtotal: "Charges subtotal",
    chargesTax: "{{label}} on the charges ({{rate}}%)",
    bookingTotal: "Rental total (taxes included)",
    invoiceTotal: "Invoice total ({{currency}})",
    settlement: "Payments",
    paidOnline: "Paid online",
    capturedDeposit: "Taken from the deposit",
    due: "Left to pay",
    dueOnceAccepted: "Left to pay once the charges are accepted",
    receivedCash: "Received in cash ({{date}})",
    receivedCard: "Received by card ({{date}})",
    receivedTransfer: "Received by transfer ({{date}})",
    receivedFromDeposit: "Taken from the deposit ({{date}})",
    refundToCard: "Refund to the card ({{date}})",
    refundToCardPending: "Refund to the card, on its way ({{date}})",
    refundCash: "Refund in cash ({{date}})",
    refundCard: "Refund by card ({{date}})",
    refundTransfer: "Refund by transfer ({{date}})",
    paymentStatus: "Payment status",
    paidInFull: "Paid",
    extraKm: "{{count}} extra km × {{unit}}",
    fuelCharge: "{{count}} eighths of fuel × {{unit}}",
    late: "{{count}} h late × {{unit}}",
    cleaning: "Cleaning",
    driversCharge: "Additional drivers: {{count}} × {{unit}} a day",
    damage: "Damage: {{reason}}",
  },
} as const satisfies Record<Language, Record<string, string>>;

export type DocumentCopyKey = keyof (typeof documentCopy)["es"];

export const documentText = (language: Language, key: DocumentCopyKey, params: Record<string, string | number> = {}) =>
  fillTemplate(documentCopy[language][key], params);

const FILE_WORDS = {
  es: { agreement: "contrato", invoice: "factura" },
  en: { agreement: "agreement", invoice: "invoice" },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * A document's file name in its own language, as the customer's email attaches it and the owner
 * downloads it: "NLY-ABC123-contrato-v1.pdf", "NLY-ABC123-invoice-000001.pdf".
 */
export const documentFileName = (
  language: Language,
  kind: keyof (typeof FILE_WORDS)["es"],
  reference: string,
  number: string,
) => `${reference}-${FILE_WORDS[language][kind]}-${number}.pdf`;

const ZONE_NAMES: Record<Language, Record<string, string>> = {
  es: {
    front_bumper: "Parachoques delantero",
    hood: "Capó",
    windshield: "Parabrisas",
    roof: "Techo",
    rear_window: "Luneta",
    trunk: "Maletero",
    rear_bumper: "Parachoques trasero",
    front_wing: "Aleta delantera",
    front_door: "Puerta delantera",
    rear_door: "Puerta trasera",
    rear_wing: "Aleta trasera",
    wheels: "Ruedas y llantas",
  },
  en: {
    front_bumper: "Front bumper",
    hood: "Bonnet",
    windshield: "Windscreen",
    roof: "Roof",
    rear_window: "Rear window",
    trunk: "Boot",
    rear_bumper: "Rear bumper",
    front_wing: "Front wing",
    front_door: "Front door",
    rear_door: "Rear door",
    rear_wing: "Rear wing",
    wheels: "Wheels and rims",
  },
};

/** "left_front_door" -> "Puerta delantera (izquierda)". */
export function zoneName(zone: DamageZone, language: Language): string {
  const side = /^(left|right)_(.+)$/.exec(zone);
  if (!side) return ZONE_NAMES[language][zone] ?? zone;
  const [, which, part = ""] = side;
  return `${ZONE_NAMES[language][part] ?? part} (${documentText(language, which === "left" ? "left" : "right")})`;
}

/** A return's charge as its invoice line reads. */
export function chargeLabel(line: ReturnChargeLine, language: Language, money: (cents: number) => string): string {
  switch (line.kind) {
    case "extraKm":
      return documentText(language, "extraKm", { count: line.quantity, unit: money(line.unitCents) });
    case "fuel":
      return documentText(language, "fuelCharge", { count: line.quantity, unit: money(line.unitCents) });
    case "late":
      return documentText(language, "late", { count: line.quantity, unit: money(line.unitCents) });
    case "cleaning":
      return documentText(language, "cleaning");
    case "drivers":
      return documentText(language, "driversCharge", { count: line.quantity, unit: money(line.unitCents) });
    case "damage":
      return documentText(language, "damage", { reason: line.reason });
  }
}

/**
 * A rate the return will be priced at, as the agreement lists it: what it is charged for, and the
 * amount (each unit's, or the whole fee's).
 */
export function rateRow(
  rate: ReturnRate,
  language: Language,
  money: (cents: number) => string,
  number: (value: number) => string,
): [label: string, value: string] {
  const t = (key: DocumentCopyKey, params?: Record<string, string | number>) => documentText(language, key, params);
  switch (rate.kind) {
    case "extraKm":
      return [
        t("rateExtraKm", { included: number(rate.kmIncluded), perDay: number(rate.kmIncludedPerDay) }),
        money(rate.unitCents),
      ];
    case "fuel":
      return [t("rateFuel"), money(rate.unitCents)];
    case "late": {
      const terms = [
        ...(rate.graceMinutes > 0 ? [t("rateLateGrace", { minutes: number(rate.graceMinutes) })] : []),
        ...(rate.dayCapCents !== null ? [t("rateLateCap", { cap: money(rate.dayCapCents) })] : []),
      ];
      return [terms.length > 0 ? `${t("rateLate")} (${terms.join("; ")})` : t("rateLate"), money(rate.unitCents)];
    }
    case "cleaning":
      return [t("rateCleaning"), money(rate.totalCents)];
    case "drivers":
      return [t("rateDrivers", { count: rate.quantity, unit: money(rate.unitCents) }), money(rate.totalCents)];
  }
}
