import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingFormerNames, landings } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, multipart, type Owner, signUp } from "../test/factories";

// A landing renamed keeps its former address: its customers' emailed links and the links its
// owner shared lead to it, and nobody else can take that address while the landing exists.

const { app, clock, db } = await createTestApp();

async function rename(owner: Owner, landingId: number, name: string) {
  const [current] = await db.select().from(landings).where(eq(landings.id, landingId));
  const body = await multipart({
    name,
    version: String(current?.version),
    color_primary: "#112233",
    color_secondary: "#445566",
    default_language: "es",
  });
  return app.inject({
    method: "POST",
    url: `/api/landing-update/${owner.id}/${landingId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": "es" },
  });
}

const get = (url: string) => app.inject({ method: "GET", url, headers: { accept: "text/html" } });

describe("a renamed landing's former address", () => {
  it("leads to its address now, path and query kept, so a customer's emailed link still opens their booking", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now()),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { reference, customer_token: token } = booked.json() as { reference: string; customer_token: string };
    const before = landing.name;
    const after = `movida-${landing.id}`;
    // Its home, seen before the rename, is not answered from a lookup remembered before it.
    expect((await get(`/${before}`)).statusCode).toBe(200);
    expect((await rename(owner, landing.id, after)).statusCode).toBe(200);

    const link = await get(`/${before}/reservation/${reference}?t=${token}&lang=en`);
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/${after}/reservation/${reference}?t=${token}&lang=en`);
    expect(link.headers["cache-control"]).toBe("no-store");
    const opened = await get(String(link.headers.location));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(reference);
    expect((await get(`/${before}`)).headers.location).toBe(`/${after}`);
    expect((await get(`/${before}/vehicle?people=2`)).headers.location).toBe(`/${after}/vehicle?people=2`);
    expect((await get(`/${before}/no-such-page`)).headers.location).toBe(`/${after}/no-such-page`);
    // Its sitemap too, as search engines kept it (a walk's finding: the pages moved, the sitemap was a 404).
    const sitemap = await get(`/${before}/sitemap.xml`);
    expect(sitemap.statusCode).toBe(302);
    expect(sitemap.headers.location).toBe(`/${after}/sitemap.xml`);
    expect((await get(String(sitemap.headers.location))).body).toContain(
      `/${after}/vehicles/${landing.vehicle.id}</loc>`,
    );
    // An address nobody ever had is still the 404 page.
    expect((await get(`/never-${landing.id}`)).statusCode).toBe(404);
    // Typed in capitals: the same address in small letters, path and query kept (a walk's finding: 404).
    const capitals = await get(`/${after.toUpperCase()}/vehicle?people=2`);
    expect(capitals.statusCode).toBe(302);
    expect(capitals.headers.location).toBe(`/${after}/vehicle?people=2`);
    expect((await get(`/${after.charAt(0).toUpperCase()}${after.slice(1)}`)).headers.location).toBe(`/${after}`);

    // Unpublished, its new address is the owner's alone: the old one is the 404 page, and names nothing.
    const status = (value: "draft" | "published") =>
      app.inject({
        method: "PATCH",
        url: "/api/landing/status",
        payload: { landing_id: landing.id, status: value },
        headers: bearer(owner),
      });
    expect((await status("draft")).statusCode).toBe(200);
    const hidden = await get(`/${before}/vehicle?people=2`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers.location).toBeUndefined();
    expect(hidden.body).not.toContain(after);
    const hiddenSitemap = await get(`/${before}/sitemap.xml`);
    expect(hiddenSitemap.statusCode).toBe(404);
    expect(hiddenSitemap.headers.location).toBeUndefined();
    expect((await status("published")).statusCode).toBe(200);
    expect((await get(`/${before}`)).headers.location).toBe(`/${after}`);
  });

  it("cannot be taken by another landing, of its owner or another; its own landing may go back to it", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const before = landing.name;
    const after = `otra-${landing.id}`;
    expect((await rename(owner, landing.id, after)).statusCode).toBe(200);

    const stranger = await signUp(app);
    const theirs = await createBookableLanding(app, stranger);
    const check = await app.inject({
      method: "GET",
      url: `/api/landing-name-check?name=${before}&landing_id=${landing.id}`,
      headers: bearer(stranger),
    });
    // Another owner's landing id does not make the address look free.
    expect(check.json()).toMatchObject({ available: false });
    const taken = await rename(stranger, theirs.id, before);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ["Ya existe una landing con esta dirección; elige otra."] });
    expect((await db.select().from(landings).where(eq(landings.id, theirs.id)))[0]?.name).toBe(theirs.name);

    const own = await app.inject({
      method: "GET",
      url: `/api/landing-name-check?name=${before}&landing_id=${landing.id}`,
      headers: bearer(owner),
    });
    expect(own.json()).toMatchObject({ available: true });
    expect((await rename(owner, landing.id, before)).statusCode).toBe(200);
    // Back at its first address: that one is its own again, and the one between leads to it.
    expect(await db.select().from(landingFormerNames).where(eq(landingFormerNames.landingId, landing.id))).toEqual([
      expect.objectContaining({ name: after }),
    ]);
    expect((await get(`/${before}`)).statusCode).toBe(200);
    expect((await get(`/${after}`)).headers.location).toBe(`/${before}`);
  });

  it("leads nowhere once the landing is in the trash, and is free once the landing is deleted for good", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const before = landing.name;
    expect((await rename(owner, landing.id, `papelera-${landing.id}`)).statusCode).toBe(200);
    const trashed = await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(owner) });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect((await get(`/${before}`)).statusCode).toBe(404);
    const purged = await app.inject({
      method: "DELETE",
      url: `/api/landing/deletedFinal/${landing.id}`,
      headers: bearer(owner),
    });
    expect(purged.statusCode, purged.body).toBe(200);
    const check = await app.inject({
      method: "GET",
      url: `/api/landing-name-check?name=${before}`,
      headers: bearer(owner),
    });
    expect(check.json()).toMatchObject({ available: true });
  });
});
