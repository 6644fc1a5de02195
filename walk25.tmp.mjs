import { chromium, request } from "@playwright/test";
const B = "http://localhost:3400";
const shot = (page, name, full = false) => page.screenshot({ path: `/tmp/walk25/${name}.png`, fullPage: full });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "es-DO" });
const page = await ctx.newPage();
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
// Use the demo owner (already has a published landing)
const pw = process.env.DEMO_PW;
await page.goto(B + "/");
await page.getByLabel("Correo electrónico").fill("demo@nelly.local");
await page.getByLabel("Contraseña", { exact: true }).fill(pw);
await page.getByRole("button", { name: "Iniciar sesión" }).click();
await page.waitForURL(/landings|dashboard/, { timeout: 20000 });
// a traveller books twice via API
const day = (n) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
const visitor = await request.newContext({ baseURL: B });
const pub = await (await visitor.get("/api/publicLanding/caribe-autos-demo")).json();
const mk = async (name, start) => (await (await visitor.post("/api/reservations", { data: {
  id_landing: pub.id, id_vehicle: pub.vehicles[0].id, place_of_departure: "Santiago", arrival_place: "La Romana",
  date_of_departure: day(start), time_of_departure: "10:00", date_of_arrival: day(start + 3), time_of_arrival: "10:00",
  number_person: 2, name, last_name: "Pérez", email: `${name.toLowerCase()}@example.com`, phone: "+1 809 555 0101", terms_accepted: true } })).json());
const a = await mk("Ana", 15); const b = await mk("Beto", 25);
console.log("booked", a.reference ?? JSON.stringify(a).slice(0, 200), b.reference);
await page.goto(B + "/reservation");
await page.getByRole("main").getByRole("button", { name: a.reference, exact: true }).click();
const detail = page.getByRole("dialog", { name: `Reserva ${a.reference}` });
await detail.getByRole("button", { name: "Rechazar" }).click();
const decline = page.getByRole("dialog", { name: "¿Rechazar esta solicitud?" });
await shot(page, "10-decline");
await decline.getByRole("button", { name: "Rechazar solicitud" }).dblclick();
await page.waitForTimeout(1500);
await shot(page, "11-declined");
// change Beto: open change, edit, reload mid-change
await page.keyboard.press("Escape");
await page.getByRole("main").getByRole("button", { name: b.reference, exact: true }).click();
await page.getByRole("dialog", { name: `Reserva ${b.reference}` }).getByRole("button", { name: "Cambiar" }).click();
const change = page.getByRole("dialog", { name: `Cambiar la reserva ${b.reference}` });
await change.getByLabel("Fecha de devolución").fill(day(30));
await page.waitForTimeout(800);
await shot(page, "12-change");
await page.reload();
await page.waitForTimeout(1500);
await shot(page, "13-after-reload-mid-change");
// second tab changes the same booking; first tab saves stale
const tab2 = await ctx.newPage();
await tab2.goto(B + "/reservation");
await tab2.getByRole("main").getByRole("button", { name: b.reference, exact: true }).click();
await tab2.getByRole("dialog", { name: `Reserva ${b.reference}` }).getByRole("button", { name: "Cambiar" }).click();
await page.getByRole("main").getByRole("button", { name: b.reference, exact: true }).click();
await page.getByRole("dialog", { name: `Reserva ${b.reference}` }).getByRole("button", { name: "Cambiar" }).click();
const c2 = tab2.getByRole("dialog", { name: `Cambiar la reserva ${b.reference}` });
await c2.getByLabel("Fecha de devolución").fill(day(29));
await tab2.waitForTimeout(800);
await c2.getByRole("button", { name: "Guardar cambios" }).click();
await tab2.waitForTimeout(1500);
const c1 = page.getByRole("dialog", { name: `Cambiar la reserva ${b.reference}` });
await c1.getByLabel("Personas").fill("3");
await c1.getByRole("button", { name: "Guardar cambios" }).click();
await page.waitForTimeout(1500);
await shot(page, "14-stale-change");
console.log("stale alert:", (await c1.getByRole("alert").allTextContents()).join(" | "));
// sign out in tab2 -> tab1 follows
await tab2.getByRole("button", { name: "Cerrar sesión" }).click();
await page.waitForTimeout(2500);
await shot(page, "15-other-tab-signed-out");
console.log("tab1 url after sign-out elsewhere:", page.url());
// forgot password with enormous input
await page.goto(B + "/forgot-password");
await page.getByLabel(/Correo/).fill("x".repeat(5000) + "@example.com");
await page.getByRole("button").filter({ hasText: /Enviar|enlace/ }).first().click();
await page.waitForTimeout(1000);
await shot(page, "16-forgot-huge");
await page.getByLabel(/Correo/).fill("demo@nelly.local");
await page.getByRole("button").filter({ hasText: /Enviar|enlace/ }).first().dblclick();
await page.waitForTimeout(1500);
await shot(page, "17-forgot-sent");
await browser.close();
console.log("errors", errors);
