import { DEFAULT_VEHICLE_RULES } from "@domain/rental-rules";
import { describe, expect, it } from "vitest";
import { urlUnder } from "../storage/storage";
import {
  presentImage,
  presentSpecialFeature,
  presentVehicle,
  type VehicleImageRow,
  type VehicleRow,
} from "./presenter";

const local = urlUnder("/storage");

const created = new Date("2026-01-02T03:04:05.000Z");
const image = (
  id: number,
  position: number,
  variants: Record<string, string>,
  [width, height] = [1600, 1200],
): VehicleImageRow => ({
  id,
  vehicleId: 1,
  position,
  width,
  height,
  variants,
  createdAt: created,
});
const variants = { "1600": "v/a-1600.webp", "480": "v/a-480.webp", "960": "v/a-960.webp" };

describe("presentImage", () => {
  it("answers the middle width as the picture, with that file's size, and every width, smallest first, in srcset", () => {
    expect(presentImage(image(7, 2, variants), local)).toEqual({
      id: 7,
      path_images: "/storage/v/a-960.webp",
      position: 2,
      width: 960,
      height: 720,
      srcset: "/storage/v/a-480.webp 480w, /storage/v/a-960.webp 960w, /storage/v/a-1600.webp 1600w",
    });
  });

  // A walk's finding: a photo of 1,200 px was offered as "1600w", and a link preview declared the
  // 960 px file as 1,600 px.
  it("labels each file with the width it really has, a photo narrower than a width being kept at its own", () => {
    expect(presentImage(image(1, 0, variants, [1200, 900]), local)).toMatchObject({
      path_images: "/storage/v/a-960.webp",
      width: 960,
      height: 720,
      srcset: "/storage/v/a-480.webp 480w, /storage/v/a-960.webp 960w, /storage/v/a-1600.webp 1200w",
    });
    // Two widths made the same file size: offered once.
    expect(presentImage(image(1, 0, variants, [500, 375]), local)).toMatchObject({
      width: 500,
      height: 375,
      srcset: "/storage/v/a-480.webp 480w, /storage/v/a-960.webp 500w",
    });
    expect(presentImage(image(1, 0, variants, [900, 1600]), local)).toMatchObject({
      width: 900,
      height: 1600,
      srcset: "/storage/v/a-480.webp 480w, /storage/v/a-960.webp 900w",
    });
  });

  it("copes with fewer widths", () => {
    expect(presentImage(image(1, 0, { "960": "b-960.webp", "480": "b-480.webp" }), local)).toMatchObject({
      path_images: "/storage/b-960.webp",
      srcset: "/storage/b-480.webp 480w, /storage/b-960.webp 960w",
    });
    expect(presentImage(image(1, 0, { "480": "c-480.webp" }), local)).toMatchObject({
      path_images: "/storage/c-480.webp",
      srcset: "/storage/c-480.webp 480w",
    });
    expect(presentImage(image(1, 0, {}), local)).toMatchObject({ path_images: "", srcset: "" });
  });

  it("answers the bucket's addresses when files live on S3", () => {
    expect(presentImage(image(1, 0, { "480": "v/d-480.webp" }), urlUnder("http://127.0.0.1:9000/nelly"))).toMatchObject(
      {
        path_images: "http://127.0.0.1:9000/nelly/v/d-480.webp",
        srcset: "http://127.0.0.1:9000/nelly/v/d-480.webp 480w",
      },
    );
  });
});

describe("presentVehicle", () => {
  const vehicle: VehicleRow = {
    id: 3,
    landingId: 4,
    name: "Corolla",
    description: "Sedán cómodo",
    translations: { en: { description: "Comfortable sedan" } },
    priceCents: 4550,
    luggage: 2,
    people: 5,
    typeOfCar: "sedan",
    transmission: "cvt",
    brand: "Toyota",
    commissionsCents: 250,
    units: 2,
    unitLabels: [],
    bluetooth: true,
    siriusxm: false,
    gps: true,
    automatic: true,
    appleCar: false,
    features: [{ name: "color", value: "Rojo" }],
    version: 6,
    rules: { deposit_cents: 300_00 },
    createdAt: created,
    updatedAt: created,
  };

  it("answers SPEC §4's fields, photos in their order, prices in units and cents", () => {
    const images = [image(2, 1, { "480": "second.webp" }), image(1, 0, { "480": "first.webp" })];
    const presented = presentVehicle(
      {
        vehicle,
        images,
        specialFeatures: [
          { id: 8, ownerId: 1, name: "Wifi", description: "A bordo", translations: {}, createdAt: created },
        ],
      },
      local,
    );
    expect(presented).toEqual({
      id: 3,
      id_landing: 4,
      name: "Corolla",
      description: "Sedán cómodo",
      translations: { en: { description: "Comfortable sedan" } },
      price: 45.5,
      price_cents: 4550,
      luggage: 2,
      people: 5,
      type_of_car: "sedan",
      transmision: "cvt",
      brand: "Toyota",
      commissions: 2.5,
      units: 2,
      unit_labels: [],
      bluetooth: true,
      siriusxm: false,
      gps: true,
      automatic: true,
      apple_car: false,
      features: [{ name: "color", value: "Rojo" }],
      special_features: [{ id: 8, name: "Wifi", description: "A bordo" }],
      images: [presentImage(images[1] as VehicleImageRow, local), presentImage(images[0] as VehicleImageRow, local)],
      version: 6,
      rules: { ...DEFAULT_VEHICLE_RULES, deposit_cents: 300_00 },
      created_at: "2026-01-02T03:04:05.000Z",
    });
    // The rows given are left in their order.
    expect(images.map((row) => row.id)).toEqual([2, 1]);
  });

  it("answers a special feature's public fields only", () => {
    expect(
      presentSpecialFeature({ id: 8, ownerId: 1, name: "Wifi", description: "", translations: {}, createdAt: created }),
    ).toEqual({
      id: 8,
      name: "Wifi",
      description: "",
    });
  });
});
