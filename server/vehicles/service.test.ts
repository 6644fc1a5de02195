import fs from "node:fs";
import path from "node:path";
import { vehicleFieldsSchema } from "@domain/vehicles";
import { describe, expect, it } from "vitest";
import { createSpecialFeature, setVehicleSpecialFeatures } from "../features/service";
import { HttpError, ValidationError } from "../http/errors";
import type { Storage } from "../storage/storage";
import { createTestApp } from "../test/app";
import { createLandingFor, createVehicleFor, photos, signUp, vehicleFields } from "../test/factories";
import { addVehicleImages, createVehicle, deleteVehicleImage, listVehicles } from "./service";

// The fleet services called directly, for what the API cannot make happen on purpose: a disk that
// fails half-way, a row the database refuses, and input the multipart limits already refuse.

const { app, clock, db, storage, config } = await createTestApp();
const deps = { config, db, clock, storage };

const vehicleFiles = () => {
  const dir = path.join(storage.root, "vehicles");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const uploads = async (count: number) => (await photos(count, 400, 300)).map((photo) => photo.data);

async function ownerWithLanding() {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  return { owner, landing };
}

describe("createVehicle", () => {
  it("lists no vehicles on a landing without any", async () => {
    const { owner, landing } = await ownerWithLanding();
    expect(await listVehicles(db, owner.id, landing.id, clock.now())).toEqual([]);
  });

  it("lists each vehicle with its own photos and special features", async () => {
    const { owner, landing } = await ownerWithLanding();
    const one = await createVehicleFor(app, owner, landing.id, await photos(1, 90, 60));
    const three = await createVehicleFor(app, owner, landing.id, await photos(3, 90, 60));
    for (const name of ["Wifi", "Silla"])
      await createSpecialFeature(db, owner.id, { name, description: name, translations: {} });
    await setVehicleSpecialFeatures(db, owner.id, one.id, ["Wifi"]);
    await setVehicleSpecialFeatures(db, owner.id, three.id, ["Silla", "Wifi"]);
    const listed = await listVehicles(db, owner.id, landing.id, clock.now());
    const byId = new Map(listed.map((entry) => [entry.vehicle.id, entry]));
    expect(byId.get(one.id)?.images.map((image) => image.id)).toEqual(one.images.map((image) => image.id));
    expect(byId.get(three.id)?.images.map((image) => image.id)).toEqual(three.images.map((image) => image.id));
    expect(byId.get(one.id)?.specialFeatures.map((feature) => feature.name)).toEqual(["Wifi"]);
    expect(
      byId
        .get(three.id)
        ?.specialFeatures.map((feature) => feature.name)
        .sort(),
    ).toEqual(["Silla", "Wifi"]);
  });

  it("takes exactly 12 photos", async () => {
    const { owner, landing } = await ownerWithLanding();
    const twelve = await uploads(12);
    const created = await createVehicle(deps, owner.id, landing.id, vehicleFieldsSchema.parse(vehicleFields()), twelve);
    expect(created.images.map((image) => image.position)).toEqual([...Array(12).keys()]);
  });

  it("refuses more than 12 photos before storing any", async () => {
    const { owner, landing } = await ownerWithLanding();
    const before = vehicleFiles();
    const thirteen = Array.from({ length: 13 }, () => Buffer.from("not even decoded"));
    await expect(
      createVehicle(deps, owner.id, landing.id, vehicleFieldsSchema.parse(vehicleFields()), thirteen),
    ).rejects.toMatchObject({ fields: { images: ["imagesTooMany"] } });
    expect(vehicleFiles()).toBe(before);
  });

  it("removes the stored photos when the database refuses the row", async () => {
    const { owner, landing } = await ownerWithLanding();
    const before = vehicleFiles();
    const fields = { ...vehicleFieldsSchema.parse(vehicleFields()), price: 0 };
    await expect(createVehicle(deps, owner.id, landing.id, fields, await uploads(2))).rejects.toThrow();
    expect(vehicleFiles()).toBe(before);
    expect(await listVehicles(db, owner.id, landing.id, clock.now())).toEqual([]);
  });

  it("removes the photos and sizes already written when the disk fails halfway", async () => {
    const { owner, landing } = await ownerWithLanding();
    let writes = 0;
    // Each photo is three files (480, 960, 1600 px); the fifth write, the second photo's middle
    // size, fails: the first photo and the second's other sizes must go.
    const failing: Storage = {
      ...storage,
      put: async (folder, extension, data) => {
        writes += 1;
        if (writes === 5) throw new Error("disk full");
        return storage.put(folder, extension, data);
      },
    };
    const before = vehicleFiles();
    await expect(
      createVehicle(
        { ...deps, storage: failing },
        owner.id,
        landing.id,
        vehicleFieldsSchema.parse(vehicleFields()),
        await uploads(2),
      ),
    ).rejects.toThrow("disk full");
    expect(vehicleFiles()).toBe(before);
  });
});

describe("vehicle photos", () => {
  it("needs at least one photo to add, and answers 404 for a photo of another vehicle", async () => {
    const { owner, landing } = await ownerWithLanding();
    const [one, other] = [
      await createVehicleFor(app, owner, landing.id),
      await createVehicleFor(app, owner, landing.id),
    ];
    await expect(addVehicleImages(deps, owner.id, landing.id, one.id, [])).rejects.toMatchObject({
      fields: { images: ["imagesRequired"] },
    });
    const otherImage = other.images[0]?.id ?? 0;
    const refused = deleteVehicleImage(deps, owner.id, landing.id, one.id, otherImage);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 404, key: "notFound" });
  });
});

describe("setVehicleSpecialFeatures", () => {
  it("clears the vehicle's features when given no names", async () => {
    const { owner, landing } = await ownerWithLanding();
    const vehicle = await createVehicleFor(app, owner, landing.id);
    for (const names of [[], ["  "]]) {
      const found = await setVehicleSpecialFeatures(db, owner.id, vehicle.id, names);
      expect(found.specialFeatures).toEqual([]);
    }
    await expect(setVehicleSpecialFeatures(db, owner.id, vehicle.id, ["no such feature"])).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
