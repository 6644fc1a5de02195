import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openSecrets, parseKey, Secrets, SecretsError } from "./secrets";

const key = () => randomBytes(32);

describe("secrets at rest", () => {
  it("seal with a fresh nonce each time and open back to the same text", () => {
    const secrets = new Secrets(key());
    const first = secrets.seal("sk_test_123");
    const second = secrets.seal("sk_test_123");
    expect(first).not.toBe(second);
    expect(first).not.toContain("sk_test_123");
    expect(secrets.open(first)).toBe("sk_test_123");
    expect(secrets.open(second)).toBe("sk_test_123");
  });

  it("refuse a value altered at rest, or sealed with a key the server does not have", () => {
    const secrets = new Secrets(key());
    const sealed = secrets.seal("whsec_abc");
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[4] ?? "", "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => secrets.open([...parts.slice(0, 4), flipped.toString("base64url")].join("."))).toThrow();
    expect(() => new Secrets(key()).open(sealed)).toThrow(SecretsError);
    expect(() => secrets.open("not sealed")).toThrow(SecretsError);
  });

  it("rotate: the previous key still opens, its values are stale, and sealing uses the new key", () => {
    const oldKey = key();
    const sealedBefore = new Secrets(oldKey).seal("sk_live_abc");
    const rotated = new Secrets(key(), [oldKey]);
    expect(rotated.open(sealedBefore)).toBe("sk_live_abc");
    expect(rotated.isStale(sealedBefore)).toBe(true);
    const sealedAfter = rotated.seal("sk_live_abc");
    expect(rotated.isStale(sealedAfter)).toBe(false);
    expect(() => new Secrets(oldKey).open(sealedAfter)).toThrow(SecretsError);
  });

  it("derive the same token from the same purpose and data under the same key, and no other", () => {
    const bytes = key();
    const secrets = new Secrets(bytes);
    const token = secrets.derivedToken("customer token", "7\nkey-1\nfingerprint");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(new Secrets(bytes).derivedToken("customer token", "7\nkey-1\nfingerprint")).toBe(token);
    expect(secrets.derivedToken("customer token", "7\nkey-2\nfingerprint")).not.toBe(token);
    expect(secrets.derivedToken("another purpose", "7\nkey-1\nfingerprint")).not.toBe(token);
    expect(new Secrets(key()).derivedToken("customer token", "7\nkey-1\nfingerprint")).not.toBe(token);
    // Made under the current key only: a rotation makes new tokens.
    expect(new Secrets(key(), [bytes]).derivedToken("customer token", "7\nkey-1\nfingerprint")).not.toBe(token);
  });

  it("take a key as 64 hex digits or base64, and nothing else", () => {
    const bytes = key();
    expect(parseKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseKey(` ${bytes.toString("base64")}\n`)).toEqual(bytes);
    expect(() => parseKey("too-short")).toThrow(SecretsError);
    expect(() => loadConfig({ SECRETS_KEY: "too-short" })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${bytes.toString("hex")}, nope` })).toThrow(
      /SECRETS_KEY_PREVIOUS/,
    );
    expect(
      loadConfig({ SECRETS_KEY_PREVIOUS: `${bytes.toString("hex")}, ${key().toString("base64")}` }).previousSecretsKeys,
    ).toHaveLength(2);
  });

  it("without SECRETS_KEY, generate one key into the data folder (owner-only) and keep using it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-secrets-"));
    try {
      const sealed = openSecrets({ key: undefined, previous: [], dataDir }).seal("pk");
      const file = path.join(dataDir, "secrets.key");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(openSecrets({ key: undefined, previous: [], dataDir }).open(sealed)).toBe("pk");
      // Set SECRETS_KEY later and keep the generated one as previous: nothing is lost.
      const fileKey = fs.readFileSync(file, "utf8");
      expect(fileKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      const moved = openSecrets({ key: key().toString("hex"), previous: [fileKey], dataDir });
      expect(moved.open(sealed)).toBe("pk");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("say what is wrong with a key, and refuse one with anything after its 64 hex digits", () => {
    const hex = key().toString("hex");
    expect(() => parseKey("too-short")).toThrow(new SecretsError("must be 32 bytes, as 64 hex digits or base64"));
    expect(() => parseKey(`${hex}zz`)).toThrow(SecretsError);
    expect(parseKey(`  ${hex}\n`)).toEqual(Buffer.from(hex, "hex"));
  });

  it("refuse a value of another format or cut short, saying which key would open it", () => {
    const secrets = new Secrets(key());
    const [, id, iv, tag, sealed] = secrets.seal("sk_test_abc").split(".");
    const unknown = new SecretsError("sealed with a key this server does not have (see SECRETS_KEY_PREVIOUS)");
    expect(() => secrets.open(["v2", id, iv, tag, sealed].join("."))).toThrow(unknown);
    expect(() => secrets.open(["v1", id, iv, tag].join("."))).toThrow(unknown);
    expect(() => secrets.open(["v1", id, iv].join("."))).toThrow(unknown);
  });

  it("seal in the stored format every release reads: v1, the key's 8-digit id, nonce, tag, text", () => {
    const released = new Secrets(
      Buffer.from("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", "hex"),
    );
    const sealed = released.seal("sk_test_stored");
    const [version, id] = sealed.split(".");
    expect(version).toBe("v1");
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(released.open(sealed)).toBe("sk_test_stored");
  });
});
