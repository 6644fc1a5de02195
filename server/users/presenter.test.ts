import { describe, expect, it } from "vitest";
import { urlUnder } from "../storage/storage";
import { presentUser } from "./presenter";

const local = urlUnder("/storage");

describe("presentUser", () => {
  const user = {
    id: 5,
    name: "Ana",
    email: "ana@example.com",
    phone: "809 555 1234",
    avatar: "avatars/a.webp",
    passwordHash: "secret-hash",
    language: "en",
    createdAt: new Date("2026-01-02T03:04:05.000Z"),
    updatedAt: new Date("2026-01-03T00:00:00.000Z"),
  };

  it("answers the public fields, the avatar as a storage URL, never the password hash", () => {
    expect(presentUser(user, local)).toEqual({
      id: 5,
      name: "Ana",
      email: "ana@example.com",
      phone: "809 555 1234",
      avatar: "/storage/avatars/a.webp",
      language: "en",
      created_at: "2026-01-02T03:04:05.000Z",
      updated_at: "2026-01-03T00:00:00.000Z",
    });
    expect(presentUser({ ...user, avatar: null, phone: null }, local)).toMatchObject({ avatar: null, phone: null });
    // A language the row cannot hold (its check allows es and en) would still answer one the dashboard knows.
    expect(presentUser({ ...user, language: "fr" }, local).language).toBe("es");
  });

  it("answers the avatar at the bucket's address when files live on S3", () => {
    expect(presentUser(user, urlUnder("https://cdn.example/nelly/")).avatar).toBe(
      "https://cdn.example/nelly/avatars/a.webp",
    );
  });
});
