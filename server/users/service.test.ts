import fs from "node:fs";
import path from "node:path";
import { userUpdateSchema } from "@domain/users";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors";
import { createTestApp } from "../test/app";
import { PASSWORD, pngLogo, signUp, uniqueEmail } from "../test/factories";
import { createUser, getUser, updateUser } from "./service";

// The account services called directly, for what the API cannot make happen on purpose: two
// requests that pass the "email is free" check at the same moment.

const { app, clock, db, storage, config } = await createTestApp();
const deps = { config, db, clock, storage };

const avatars = () => {
  const dir = path.join(storage.root, "avatars");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const stored = (relative: string | null | undefined) =>
  Boolean(relative) && fs.existsSync(path.join(storage.root, relative as string));

describe("two sign-ups with one email at the same moment", () => {
  it("creates one account; the other answers that the email is taken", async () => {
    const input = { name: "Ana", email: uniqueEmail(), password: PASSWORD };
    const results = await Promise.allSettled([createUser(db, input), createUser(db, input)]);
    const refused = results.filter((result) => result.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toBeInstanceOf(ValidationError);
    expect(refused[0]?.reason.fields).toEqual({ email: ["emailTaken"] });
  });
});

describe("two owners moving to one email at the same moment", () => {
  const moveTo = (email: string) =>
    userUpdateSchema.parse({ name: "Owner", email, current_password: PASSWORD, remove_avatar: "0" });

  it("moves one; the other answers that the email is taken and its new photo is removed", async () => {
    const [first, second] = await Promise.all([signUp(app), signUp(app)]);
    const target = uniqueEmail("shared");
    const photo = await pngLogo(300, 300, "#ff0000");
    const before = avatars();
    const results = await Promise.allSettled([
      updateUser(deps, first.id, moveTo(target), photo, "10.0.0.1"),
      updateUser(deps, second.id, moveTo(target), photo, "10.0.0.2"),
    ]);
    const refused = results.filter((result) => result.status === "rejected") as PromiseRejectedResult[];
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason.fields).toEqual({ email: ["emailTaken"] });
    // The winner's photo is stored; the loser's is gone again.
    expect(avatars()).toBe(before + 1);
  });

  it("keeps the loser's current photo when it sent none", async () => {
    const [first, second] = await Promise.all([signUp(app), signUp(app)]);
    const photo = await pngLogo(300, 300, "#00ff00");
    for (const owner of [first, second]) {
      await updateUser(deps, owner.id, moveTo(owner.email), photo, "10.0.0.3");
    }
    const target = uniqueEmail("shared");
    const results = await Promise.allSettled([
      updateUser(deps, first.id, moveTo(target), undefined, "10.0.0.4"),
      updateUser(deps, second.id, moveTo(target), undefined, "10.0.0.5"),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    for (const owner of [first, second]) {
      const user = await getUser(db, owner.id);
      expect(stored(user?.avatar), `avatar of ${owner.email}`).toBe(true);
    }
  });
});
