import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { App } from "../app";
import type { TestClock } from "./clock";
import { bearer, type Owner, signaturePng, signIn } from "./factories";

/** The driver a test's check-out hands the car to. */
export const DRIVER = {
  name: "Ana Pérez",
  licence_number: "A-1",
  licence_country: "DO",
  licence_expiry: "2099-01-01",
  birth_date: "1980-01-01",
};

/**
 * A booking checked out at its pickup (the fake clock moved there, the owner signed in again, as a
 * session would have lapsed) and checked back in 100 km later, full, with `damage` charged ("" for
 * none; US$150 is US$177 with ITBIS). Answers the owner's new session and the check-in's answer.
 */
export async function outAndBack(
  app: App,
  clock: TestClock,
  landingOwner: Owner,
  booked: { id: number; pickupAt: string },
  damage = "150",
): Promise<{ owner: Owner; back: LightMyRequestResponse }> {
  clock.advance(Math.max(0, new Date(booked.pickupAt).getTime() - clock.now().getTime()));
  const owner = await signIn(app, landingOwner);
  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url, payload, headers: { ...bearer(owner), "accept-language": "es" } });
  const out = await post(`/api/reservations/${booked.id}/check-out`, {
    odometer_km: 1_000,
    fuel_eighths: 8,
    drivers: [DRIVER],
  });
  expect(out.statusCode, out.body).toBe(200);
  const back = await post(`/api/reservations/${booked.id}/check-in`, {
    odometer_km: 1_100,
    fuel_eighths: 8,
    damages: damage ? [{ reason: "Retrovisor roto", amount: damage }] : [],
  });
  expect(back.statusCode, back.body).toBe(200);
  return { owner, back };
}

/**
 * The customer's acceptance of the return's charges as the counter's screen sends it: their name,
 * their signature, and the charges' total the counter shows them (read from it; 0 where the owner
 * cannot read it), which the server refuses once a correction has changed it.
 */
export async function acceptanceOf(app: App, owner: Owner, reservationId: number, signer = "Ana Pérez") {
  const counter = await app.inject({
    method: "GET",
    url: `/api/reservations/${reservationId}/counter`,
    headers: bearer(owner),
  });
  const shown: number = counter.statusCode === 200 ? (counter.json().check_in?.charges_total_cents ?? 0) : 0;
  return { signer_name: signer, signature: await signaturePng(), charges_total_cents: shown };
}
