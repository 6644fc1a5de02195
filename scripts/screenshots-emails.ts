// Every email a booking sends, as a mail client shows it: a traveller books the demo landing in
// Spanish and another in English, the English one cancels, and each message the server wrote to
// its outbox (DATA_DIR/outbox, no SMTP_URL) is drawn with its sender, reply-to and subject above
// it, at desktop and phone sizes, into ./screenshots/emails/.
import fs from "node:fs";
import path from "node:path";
import { request } from "@playwright/test";
import PostalMime from "postal-mime";
import { BASE_URL, drawMail, ok, runScreenshots } from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots/emails");
const DATA_DIR = process.env.SCREENSHOTS_DATA_DIR;
if (!DATA_DIR) throw new Error("SCREENSHOTS_DATA_DIR is set by `npm run screenshots`");
const OUTBOX = path.join(DATA_DIR, "outbox");

type Demo = { id: number; vehicles: { id: number }[]; addons: { id: number; kind: string }[] };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const outboxFiles = () => (fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((file) => file.endsWith(".eml")) : []);

/** Books the demo landing as a traveller reading in `language`; answers the customer's link. */
async function book(demo: Demo, language: "es" | "en", start: number) {
  const visitor = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { "accept-language": language } });
  const seat = demo.addons.find((addon) => addon.kind === "child_seat");
  const created = await ok<{ reference: string; customer_token: string }>(
    await visitor.post("/api/reservations", {
      data: {
        id_landing: demo.id,
        id_vehicle: demo.vehicles[0]?.id,
        place_of_departure: "Santiago",
        arrival_place: "La Romana",
        date_of_departure: day(start),
        time_of_departure: "10:00",
        date_of_arrival: day(start + 3),
        time_of_arrival: "10:00",
        number_person: 2,
        addons: seat ? [{ id: seat.id, quantity: 1 }] : [],
        name: language === "es" ? "Ana" : "Emily",
        last_name: language === "es" ? "Pérez" : "Clarke",
        email: `${language}-traveller@example.com`,
        phone: "+1 809 555 0101",
        language,
        terms_accepted: true,
      },
    }),
  );
  return { visitor, ...created };
}

/** Waits until the mail worker has written `count` messages. */
async function outboxHolds(count: number) {
  for (let attempt = 0; attempt < 100 && outboxFiles().length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (outboxFiles().length < count) throw new Error(`the outbox holds ${outboxFiles().length} of ${count} messages`);
}

runScreenshots(OUT_DIR, async (browser) => {
  const anonymous = await request.newContext({ baseURL: BASE_URL });
  const demo = await ok<Demo>(await anonymous.get("/api/publicLanding/caribe-autos-demo"));
  const before = new Set(outboxFiles());
  await book(demo, "es", 20);
  const english = await book(demo, "en", 30);
  await ok(
    await english.visitor.post(
      `/api/publicLanding/caribe-autos-demo/reservation/${english.reference}/cancel?t=${english.customer_token}`,
      { data: {} },
    ),
  );
  // Two bookings (customer and owner each) and the cancellation (customer and owner).
  await outboxHolds(before.size + 6);
  const files = outboxFiles()
    .filter((file) => !before.has(file))
    .sort();
  for (const [index, file] of files.entries()) {
    const mail = await PostalMime.parse(fs.readFileSync(path.join(OUTBOX, file)));
    const name = `${String(index + 1).padStart(2, "0")}-${(mail.to?.[0]?.address ?? "mail").split("@")[0]}`;
    await drawMail(browser, OUT_DIR, name, {
      from: mail.from,
      replyTo: mail.replyTo?.[0],
      to: mail.to?.[0],
      subject: mail.subject ?? "",
      html: mail.html ?? `<pre>${mail.text ?? ""}</pre>`,
    });
  }
});
