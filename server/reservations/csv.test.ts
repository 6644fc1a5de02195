import type { Reservation } from "@domain/reservations";
import { describe, expect, it } from "vitest";
import { csvCell, reservationsCsv, reservationsCsvStream } from "./csv";

const reservation = {
  reference: "NLY-7K3Q9P",
  status: "confirmed",
  created_at: "2026-11-22T10:00:00.000Z",
  vehicle: { name: "Toyota Corolla", image: null },
  place_of_departure: "Santiago",
  date_of_departure: "2026-12-10",
  time_of_departure: "10:00",
  arrival_place: "La Romana",
  date_of_arrival: "2026-12-20",
  time_of_arrival: "10:00",
  name: "Zoë",
  last_name: "Núñez",
  email: "zoe@example.com",
  phone: "+1 (809) 555-0101",
  driver_birth_date: "1990-05-14",
  cancelled_by: null,
  number_person: 2,
  number_bag: 1,
  addons: [{ id: 1, name: "Silla", price_cents: 12_00, quantity: 1, total_cents: 120_00 }],
  days: 10,
  rental_cents: 700_00,
  discount_cents: 70_00,
  fees_cents: 115_00,
  adjustment_cents: 0,
  subtotal_cents: 865_00,
  tax_cents: 155_70,
  total_cents: 1020_70,
  currency: "USD",
  cancellation_fee_cents: null,
  deposit_cents: 300_00,
  description: "",
  source: "public",
  price_override: null,
  settlement: { charges_cents: 0, paid_cents: 0, outstanding_cents: 1020_70, received: [], refunded_by_hand: [] },
} as unknown as Reservation;

const SANTO_DOMINGO = { language: "en", timeZone: "America/Santo_Domingo" } as const;
const lines = (csv: string) => csv.replace(/^\ufeff/, "").split("\r\n");

describe("reservationsCsv", () => {
  it("lists the rental, the discount, the fees and the deposit beside the totals", () => {
    const [header, row] = lines(reservationsCsv([reservation], SANTO_DOMINGO));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell("Rental")).toBe("700.00");
    expect(cell("Discount")).toBe("70.00");
    expect(cell("Fees")).toBe("115.00");
    expect(cell("Agreed price adjustment")).toBe("0.00");
    expect(cell("Subtotal")).toBe("865.00");
    expect(cell("Total")).toBe("1020.70");
    expect(cell("Cancellation fee")).toBe("");
    expect(cell("Deposit")).toBe("300.00");
    expect(cell("Source")).toBe("Website");
    expect(cell("Price under the rules")).toBe("");
    expect(cell("Price reason")).toBe("");
    // Paid at the counter only: nothing was taken online, so nothing is claimed.
    expect(cell("Paid online")).toBe("");
    expect(cell("Received online")).toBe("");
    expect(cell("Return charges")).toBe("0.00");
    expect(cell("Left to pay")).toBe("1020.70");
    expect(cells).toHaveLength(columns.length);
  });

  it("gives the return's charges accepted, what was taken at the counter and what is left, beside the booking's own fees", () => {
    const returned = {
      ...reservation,
      status: "returned",
      settlement: {
        charges_cents: 177_00,
        paid_cents: 300_00,
        outstanding_cents: 897_70,
        received: [
          { id: 1, method: "cash", amount_cents: 100_00, note: null, recorded_at: "2026-12-20T15:00:00.000Z" },
          { id: 2, method: "card", amount_cents: 200_00, note: null, recorded_at: "2026-12-20T15:05:00.000Z" },
        ],
        refunded_by_hand: [],
      },
    } as unknown as Reservation;
    const [header, row] = lines(reservationsCsv([returned], { language: "es", timeZone: "America/Santo_Domingo" }));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell("Recargos")).toBe("115.00");
    expect(cell("Cargos de la devolución")).toBe("177.00");
    expect(cell("Recibido a mano")).toBe("300.00");
    expect(cell("Reembolsado a mano")).toBe("0.00");
    expect(cell("Pendiente de pago")).toBe("897.70");
    expect(columns).not.toContain("Cargos");
  });

  it("counts the money taken online: paid, less refunds, plus what was charged from the deposit (issue 27)", () => {
    const paid = {
      ...reservation,
      payment: { paid_cents: 1020_70, refunded_cents: 20_00, refund_pending_cents: 5_00, captured_cents: 75_00 },
    } as unknown as Reservation;
    const [header, row] = lines(reservationsCsv([paid], { language: "es", timeZone: "America/Santo_Domingo" }));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell("Pagado en línea")).toBe("1020.70");
    expect(cell("Reembolsado en línea")).toBe("20.00");
    expect(cell("Cobrado del depósito")).toBe("75.00");
    expect(cell("Recibido en línea")).toBe("1075.70");
  });

  it("keeps money given back by hand apart from refunds through the card provider", () => {
    const cancelled = {
      ...reservation,
      status: "cancelled",
      // The ledger's refunds count both: US$20.00 to the card, US$70.00 back by transfer.
      payment: { paid_cents: 100_00, refunded_cents: 90_00, refund_pending_cents: 0, captured_cents: 0 },
      settlement: {
        charges_cents: 0,
        paid_cents: 107_00,
        outstanding_cents: 0,
        received: [
          { id: 1, method: "transfer", amount_cents: 80_00, note: null, recorded_at: "2026-12-20T15:00:00.000Z" },
        ],
        refunded_by_hand: [
          { id: 2, method: "transfer", amount_cents: 70_00, note: null, recorded_at: "2026-12-21T15:00:00.000Z" },
        ],
      },
    } as unknown as Reservation;
    const [header, row] = lines(reservationsCsv([cancelled], { language: "en", timeZone: "America/Santo_Domingo" }));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell("Refunded online")).toBe("20.00");
    expect(cell("Received online")).toBe("80.00");
    expect(cell("Received by hand")).toBe("80.00");
    expect(cell("Refunded by hand")).toBe("70.00");
  });

  it("speaks the owner's language, gives the landing's clock, the birth date, and phones as written (issue 25.18)", () => {
    const cancelled = { ...reservation, status: "cancelled", cancelled_by: "customer" } as Reservation;
    const [header, row] = lines(reservationsCsv([cancelled], { language: "es", timeZone: "America/Santo_Domingo" }));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(columns.slice(0, 5)).toEqual(["Referencia", "Estado", "Origen", "Creada (Santo Domingo)", "Vehículo"]);
    expect(cell("Estado")).toBe("Cancelada");
    expect(cell("Cancelada por")).toBe("Cliente");
    // 10:00 UTC is 06:00 in Santo Domingo (UTC-4).
    expect(cell("Creada (Santo Domingo)")).toBe("2026-11-22 06:00");
    expect(cell("Nacimiento del conductor")).toBe("1990-05-14");
    expect(cell("Teléfono")).toBe("+1 (809) 555-0101");
    expect(cells).toHaveLength(columns.length);
  });

  it("names the extras in the file's language, whichever language each booking was made in", () => {
    const inEnglish = {
      ...reservation,
      language: "en",
      addons: [
        {
          id: 1,
          name: "Baby seat",
          names: { es: "Silla de bebé", en: "Baby seat" },
          price_cents: 12_00,
          quantity: 2,
          total_cents: 240_00,
        },
      ],
    } as Reservation;
    const extrasOf = (language: "es" | "en") => {
      const [header, row] = lines(reservationsCsv([inEnglish], { language, timeZone: "America/Santo_Domingo" }));
      const cells = row?.split(",") ?? [];
      return cells[(header?.split(",") ?? []).indexOf("Extras")];
    };
    expect(extrasOf("es")).toBe("Silla de bebé x2");
    expect(extrasOf("en")).toBe("Baby seat x2");
  });

  it("marks a manual booking and gives the rules' price and the reason beside the agreed total", () => {
    // 950.00 agreed: 805.08 before its 18 % tax, 59.92 less than the lines' 865.00.
    const manual = {
      ...reservation,
      source: "manual",
      adjustment_cents: -59_92,
      subtotal_cents: 805_08,
      tax_cents: 144_92,
      total_cents: 950_00,
      price_override: { list_total_cents: 1020_70, reason: "=Cliente, frecuente" },
    } as Reservation;
    const [header, row] = lines(reservationsCsv([manual], SANTO_DOMINGO));
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(columns.slice(0, 3)).toEqual(["Reference", "Status", "Source"]);
    expect(row).toContain(",Manual,");
    // The lines add up: 700.00 - 70.00 + 115.00 + 120.00 of extras - 59.92 = 805.08, + 144.92 = 950.00.
    expect(columns.slice(columns.indexOf("Fees"), columns.indexOf("Total") + 1)).toEqual([
      "Fees",
      "Agreed price adjustment",
      "Subtotal",
      "Tax",
      "Total",
    ]);
    expect(row).toContain(',115.00,-59.92,805.08,144.92,950.00,1020.70,"\'=Cliente, frecuente",USD,');
    expect(cell("Agreed price adjustment")).toBe("-59.92");
  });

  it("drops direction controls from a row stored before they were refused", () => {
    const csv = reservationsCsv(
      [{ ...reservation, name: "Ana\u202eairaM", description: "\u2067vuelo\u2069" }],
      SANTO_DOMINGO,
    );
    expect(csv).toContain(",AnaairaM,");
    expect(csv).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe("reservationsCsvStream", () => {
  async function written(pages: Reservation[][]) {
    async function* read() {
      yield* pages;
    }
    const chunks: string[] = [];
    for await (const chunk of reservationsCsvStream(read(), SANTO_DOMINGO)) chunks.push(chunk);
    return chunks;
  }

  it("writes page by page the file reservationsCsv writes whole, the header with the first page", async () => {
    const second = { ...reservation, reference: "NLY-2" };
    const chunks = await written([[reservation], [], [second]]);
    expect(chunks).toHaveLength(2);
    expect(chunks.join("")).toBe(reservationsCsv([reservation, second], SANTO_DOMINGO));
    expect(lines(chunks[0] ?? "")).toHaveLength(1 + 1 + 1);
  });

  it("writes the header alone when there is nothing to list", async () => {
    expect((await written([[]])).join("")).toBe(reservationsCsv([], SANTO_DOMINGO));
    expect((await written([])).join("")).toBe(reservationsCsv([], SANTO_DOMINGO));
  });
});

describe("csvCell", () => {
  it("neutralises what starts as a formula, and leaves phone numbers and plain text alone", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-59.92")).toBe("-59.92");
    expect(csvCell("-1e3")).toBe("'-1e3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("+1 809 555 0101")).toBe("+1 809 555 0101");
    expect(csvCell("+1 (809) 555-0101")).toBe("+1 (809) 555-0101");
    expect(csvCell("809 555 0101")).toBe("809 555 0101");
  });
});
