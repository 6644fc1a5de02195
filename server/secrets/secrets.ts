import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Secrets at rest (issue 27: an operator's Stripe keys): AES-256-GCM with a key from the
 * environment, never from the database. A stored value names the key it was sealed with
 * (`v1.<key id>.<iv>.<tag>.<ciphertext>`), so a new key can be rolled in: the old one stays in
 * SECRETS_KEY_PREVIOUS until `resealAll` (run at start-up) has sealed every value again with the new.
 */

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const KEY_FILE = "secrets.key";

export class SecretsError extends Error {}

type Key = { id: string; bytes: Buffer };

const keyId = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 8);

/** A key written as 64 hex digits or as base64 of 32 bytes. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (bytes.length !== KEY_BYTES) throw new SecretsError("must be 32 bytes, as 64 hex digits or base64");
  return bytes;
}

export class Secrets {
  private readonly current: Key;
  private readonly byId: Map<string, Key>;
  private readonly derivedKeys = new Map<string, Buffer>();

  constructor(currentKey: Buffer, previousKeys: Buffer[] = []) {
    this.current = { id: keyId(currentKey), bytes: currentKey };
    this.byId = new Map(
      [this.current, ...previousKeys.map((bytes) => ({ id: keyId(bytes), bytes }))].map((k) => [k.id, k]),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.current.bytes, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [
      "v1",
      this.current.id,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      sealed.toString("base64url"),
    ].join(".");
  }

  open(stored: string): string {
    const [version, id, iv, tag, sealed] = stored.split(".");
    const key = id ? this.byId.get(id) : undefined;
    if (version !== "v1" || !key || !iv || !tag || sealed === undefined) {
      throw new SecretsError("sealed with a key this server does not have (see SECRETS_KEY_PREVIOUS)");
    }
    const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  }

  /**
   * A token that is the same whenever `data` is, and that only this server can make: HMAC-SHA256
   * of `data` under a key derived from the current one for `purpose` alone (HKDF). For what must be
   * handed again later without being stored: a booking's customer token, on a retry of the request
   * that made it (server/reservations/idempotency.ts). After a key rotation, other tokens are made.
   */
  derivedToken(purpose: string, data: string): string {
    let key = this.derivedKeys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", this.current.bytes, Buffer.alloc(0), `nelly ${purpose}`, KEY_BYTES));
      this.derivedKeys.set(purpose, key);
    }
    return createHmac("sha256", key).update(data).digest("base64url");
  }

  /** Whether a stored value was sealed with an older key and should be sealed again. */
  isStale(stored: string): boolean {
    return stored.split(".")[1] !== this.current.id;
  }
}

/**
 * The server's secrets: SECRETS_KEY (and SECRETS_KEY_PREVIOUS while rotating) when set; otherwise a
 * key generated once into the data folder, so `npm start` works on a fresh machine. docs/operations.md
 * says to set SECRETS_KEY wherever the database and the data folder are backed up together.
 */
export function openSecrets(options: { key: string | undefined; previous: string[]; dataDir: string }): Secrets {
  if (options.key) return new Secrets(parseKey(options.key), options.previous.map(parseKey));
  const file = path.join(options.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // "wx": two processes starting at once never overwrite each other's key.
    try {
      fs.writeFileSync(file, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return new Secrets(parseKey(fs.readFileSync(file, "utf8")), options.previous.map(parseKey));
}
