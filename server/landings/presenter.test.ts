import { DEFAULT_COUNTER_RULES } from "@domain/counter";
import { DEFAULT_DOCUMENT_SETTINGS } from "@domain/documents";
import { DEFAULT_LANDING_RULES } from "@domain/rental-rules";
import { describe, expect, it } from "vitest";
import { urlUnder } from "../storage/storage";
import { type AddonRow, type LandingRow, presentAddon, presentLanding } from "./presenter";

const created = new Date("2026-01-02T03:04:05.000Z");
const row: LandingRow = {
  id: 4,
  ownerId: 9,
  name: "rent-a-car",
  displayName: "Rent a Car",
  logo: "logos/a.webp",
  colorPrimary: "#1d4ed8",
  colorSecondary: "#f59e0b",
  defaultLanguage: "es",
  metaTitle: "Title",
  metaDescription: "Description",
  metaKeywords: "cars",
  ogTitle: "OG title",
  ogDescription: "OG description",
  translations: { en: { meta_title: "English title" } },
  ogImage: "og/a.jpg",
  favicon: { "32": "fav/32.png", "180": "fav/180.png", "192": "fav/192.png" },
  robots: "noindex, follow",
  canonicalUrl: "https://rent.example.com",
  status: "published",
  publishedAt: new Date("2026-02-01T00:00:00.000Z"),
  deletedAt: null,
  timeZone: "America/Santo_Domingo",
  currency: "DOP",
  taxLabel: "ITBIS",
  taxRateBasisPoints: 1850,
  version: 3,
  rules: { min_days: 3 },
  counterRules: { extra_km_cents: 25 },
  documentSettings: { legal_name: "Flota Sol SRL" },
  customDomain: "reservas.example.com",
  customDomainToken: null,
  customDomainVerifiedAt: new Date("2026-03-01T12:00:00Z"),
  contentVersion: 5,
  createdAt: created,
  updatedAt: new Date("2026-01-03T00:00:00.000Z"),
};
const addon: AddonRow = {
  id: 1,
  landingId: 4,
  name: "Silla de bebé",
  priceCents: 1250,
  kind: "child_seat",
  maxQuantity: 3,
  translations: { en: { name: "Baby seat" } },
  position: 0,
};

describe("presentLanding", () => {
  it("answers SPEC §3's fields: storage URLs, prices in units and cents, ISO dates, counts", () => {
    expect(
      presentLanding(
        row,
        [addon],
        { vehicles: 2, locations: 1, reservations: 7, activeReservations: 4 },
        "https://nelly.example",
        urlUnder("/storage"),
      ),
    ).toEqual({
      id: 4,
      id_users_landing: 9,
      name: "rent-a-car",
      display_name: "Rent a Car",
      public_url: "https://nelly.example/rent-a-car",
      logo: "/storage/logos/a.webp",
      favicon: "/storage/fav/192.png",
      favicon_sizes: { "32": "/storage/fav/32.png", "180": "/storage/fav/180.png", "192": "/storage/fav/192.png" },
      color_primary: "#1d4ed8",
      color_secondary: "#f59e0b",
      default_language: "es",
      meta_title: "Title",
      meta_description: "Description",
      meta_keywords: "cars",
      og_title: "OG title",
      og_description: "OG description",
      og_image: "/storage/og/a.jpg",
      robots: "noindex, follow",
      canonical_url: "https://rent.example.com",
      translations: { en: { meta_title: "English title" } },
      status: "published",
      published_at: "2026-02-01T00:00:00.000Z",
      deleted_at: null,
      time_zone: "America/Santo_Domingo",
      currency: "DOP",
      tax_label: "ITBIS",
      tax_rate: 18.5,
      addons: [
        {
          id: 1,
          name: "Silla de bebé",
          price: 12.5,
          price_cents: 1250,
          kind: "child_seat",
          max_quantity: 3,
          translations: { en: { name: "Baby seat" } },
        },
      ],
      vehicles_count: 2,
      locations_count: 1,
      reservations_count: 7,
      active_reservations_count: 4,
      version: 3,
      rules: { ...DEFAULT_LANDING_RULES, min_days: 3 },
      counter_rules: { ...DEFAULT_COUNTER_RULES, extra_km_cents: 25 },
      document_settings: { ...DEFAULT_DOCUMENT_SETTINGS, legal_name: "Flota Sol SRL" },
      custom_domain: "reservas.example.com",
      custom_domain_verified: true,
      custom_domain_record: null,
      created_at: "2026-01-02T03:04:05.000Z",
      updated_at: "2026-01-03T00:00:00.000Z",
    });
  });

  it("answers a draft, trashed landing without favicon or preview image", () => {
    const landing = presentLanding(
      {
        ...row,
        status: "something else",
        publishedAt: null,
        deletedAt: new Date("2026-03-01T00:00:00.000Z"),
        favicon: null,
        ogImage: null,
      },
      [],
      { vehicles: 0, locations: 0, reservations: 0, activeReservations: 0 },
      "http://localhost:3000",
      urlUnder("/storage"),
    );
    expect(landing).toMatchObject({
      status: "draft",
      published_at: null,
      deleted_at: "2026-03-01T00:00:00.000Z",
      favicon: null,
      favicon_sizes: {},
      og_image: null,
      addons: [],
    });
    expect(
      presentLanding(
        { ...row, status: "draft" },
        [],
        { vehicles: 0, locations: 0, reservations: 0, activeReservations: 0 },
        "",
        urlUnder("/storage"),
      ).status,
    ).toBe("draft");
  });

  it("names the TXT record to create while the domain is a claim not verified yet, and none once verified", () => {
    const present = (claim: Partial<typeof row>) =>
      presentLanding(
        { ...row, ...claim },
        [],
        { vehicles: 0, locations: 0, reservations: 0, activeReservations: 0 },
        "",
        urlUnder("/storage"),
      );
    expect(present({ customDomainToken: "0a1b", customDomainVerifiedAt: null })).toMatchObject({
      custom_domain: "reservas.example.com",
      custom_domain_verified: false,
      custom_domain_record: { name: "_nelly.reservas.example.com", value: "nelly-verify=0a1b" },
    });
    expect(present({ customDomainToken: "0a1b" })).toMatchObject({
      custom_domain_verified: true,
      custom_domain_record: null,
    });
    expect(present({ customDomain: null, customDomainToken: null, customDomainVerifiedAt: null })).toMatchObject({
      custom_domain: null,
      custom_domain_verified: false,
      custom_domain_record: null,
    });
  });
});

describe("presentAddon", () => {
  it("gives the price in units and in cents", () => {
    expect(presentAddon({ ...addon, priceCents: 5 })).toEqual({
      id: 1,
      name: "Silla de bebé",
      price: 0.05,
      price_cents: 5,
      kind: "child_seat",
      max_quantity: 3,
      translations: { en: { name: "Baby seat" } },
    });
  });

  it("answers a coverage's maximum as one, and a kind it does not know as other", () => {
    expect(presentAddon({ ...addon, kind: "coverage", maxQuantity: 5 })).toMatchObject({
      kind: "coverage",
      max_quantity: 1,
    });
    expect(presentAddon({ ...addon, kind: "jetpack" })).toMatchObject({ kind: "other", max_quantity: 3 });
  });
});
