import fs from "node:fs";
import path from "node:path";
import { landingCreateSchema, landingMetaSchema, landingUpdateSchema } from "@domain/landings";
import { describe, expect, it } from "vitest";
import { HttpError, ValidationError } from "../http/errors";
import { createTestApp } from "../test/app";
import { createLandingFor, jpegWithExif, pngLogo, signUp } from "../test/factories";
import { createLanding, findOwnedLanding, updateLanding, updateLandingMeta } from "./service";

// The landing services called directly, for what the API cannot make happen on purpose: two saves
// that pass their checks at the same moment, and input the schemas already refuse.

const { app, clock, db, storage, config } = await createTestApp();
const deps = { config, db, clock, storage };

/** How many files a storage folder holds. */
const filesIn = (folder: string) => {
  const dir = path.join(storage.root, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const stored = (relative: string | null) => relative !== null && fs.existsSync(path.join(storage.root, relative));

const colors = { color_primary: "#1d4ed8", color_secondary: "#f59e0b", default_language: "es" };

describe("two creations with one name at the same moment", () => {
  it("creates one; the other answers the name error and leaves no logo behind", async () => {
    const owner = await signUp(app);
    const input = landingCreateSchema.parse({ ...colors, display_name: `Race ${Date.now()}` });
    const logo = await pngLogo();
    const before = filesIn("logos");
    const results = await Promise.allSettled([
      createLanding(deps, owner.id, input, logo),
      createLanding(deps, owner.id, input, logo),
    ]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = (refused[0] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual({ name: ["landingNameTaken"] });
    expect(filesIn("logos")).toBe(before + 1);
  });
});

describe("a language the schema would refuse", () => {
  it("is stored as Spanish, with the Spanish add-ons", async () => {
    const owner = await signUp(app);
    const input = landingCreateSchema.parse({ ...colors, display_name: `Idioma ${Date.now()}` });
    const { landing, addons } = await createLanding(
      deps,
      owner.id,
      { ...input, default_language: "fr" as "es" },
      await pngLogo(),
    );
    expect(landing.defaultLanguage).toBe("es");
    expect(addons.map((addon) => addon.name)).toContain("Silla de bebé");
  });
});

describe("two saves of one version at the same moment", () => {
  async function landingOf() {
    const owner = await signUp(app);
    const created = await createLandingFor(app, owner);
    const { landing } = await findOwnedLanding(app.deps, owner.id, created.id);
    return { owner, landing };
  }
  const update = (version: number, color: string) =>
    landingUpdateSchema.parse({ ...colors, version, color_primary: color });

  it("keeps one: the other answers 409 and its new logo is removed", async () => {
    const { owner, landing } = await landingOf();
    const newLogo = await pngLogo(250, 80, "#00ff00");
    const before = filesIn("logos");
    const results = await Promise.allSettled([
      updateLanding(deps, owner.id, landing.id, update(landing.version, "#111111"), undefined),
      updateLanding(deps, owner.id, landing.id, update(landing.version, "#222222"), newLogo),
    ]);
    const refused = results.filter((result) => result.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toBeInstanceOf(HttpError);
    expect(refused[0]?.reason).toMatchObject({ statusCode: 409, key: "staleWrite" });
    // Whichever won, one logo file is in use and no other is left.
    expect(filesIn("logos")).toBe(before);
    const after = (await findOwnedLanding(app.deps, owner.id, landing.id)).landing;
    expect(after.version).toBe(landing.version + 1);
    expect(stored(after.logo)).toBe(true);
  });

  it("keeps the current logo file when the refused save sent none", async () => {
    const { owner, landing } = await landingOf();
    const results = await Promise.allSettled([
      updateLanding(deps, owner.id, landing.id, update(landing.version, "#111111"), undefined),
      updateLanding(deps, owner.id, landing.id, update(landing.version, "#222222"), undefined),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(stored(landing.logo)).toBe(true);
  });

  it("does the same for SEO saves with a favicon and a preview image", async () => {
    const { owner, landing } = await landingOf();
    const meta = (version: number, title: string) =>
      landingMetaSchema.parse({ version, meta_title: title, meta_description: "d", og_description: "d" });
    const uploads = async () => ({ favicon: await pngLogo(256, 256), ogImage: await jpegWithExif(1200, 630) });
    // A first favicon and preview image, so that whichever save wins, the file counts stay the same.
    await updateLandingMeta(deps, owner.id, landing.id, meta(landing.version, "first"), await uploads());
    const current = (await findOwnedLanding(app.deps, owner.id, landing.id)).landing;
    const files = await uploads();
    const before = { favicons: filesIn("favicons"), og: filesIn("og") };
    const results = await Promise.allSettled([
      updateLandingMeta(deps, owner.id, landing.id, meta(current.version, "a"), {}),
      updateLandingMeta(deps, owner.id, landing.id, meta(current.version, "b"), files),
    ]);
    const refused = results.filter((result) => result.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({ statusCode: 409, key: "staleWrite" });
    expect({ favicons: filesIn("favicons"), og: filesIn("og") }).toEqual(before);

    // Neither sends files: the refused one removes nothing.
    const latest = (await findOwnedLanding(app.deps, owner.id, landing.id)).landing;
    const again = await Promise.allSettled([
      updateLandingMeta(deps, owner.id, landing.id, meta(latest.version, "c"), {}),
      updateLandingMeta(deps, owner.id, landing.id, meta(latest.version, "d"), {}),
    ]);
    expect(again.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(stored(latest.ogImage)).toBe(true);
    for (const file of Object.values(latest.favicon ?? {})) expect(stored(file)).toBe(true);
    expect({ favicons: filesIn("favicons"), og: filesIn("og") }).toEqual(before);
  });
});
