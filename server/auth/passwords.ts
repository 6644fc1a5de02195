import { hash, verify } from "@node-rs/argon2";

/** The library's const enum value for Argon2id (const enums cannot cross isolated modules). */
const ARGON2ID = 2;

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-never-matches");
  return decoyHash;
}
