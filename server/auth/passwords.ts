/** The library's const enum value for Argon2id (const enums cannot cross isolated modules). */
const ARGON2ID = 2;

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The native library, loaded with the first password set or checked rather than at start-up (docs/performance.md). */
let argon2Module: Promise<typeof import("@node-rs/argon2")> | undefined;
const argon2 = () => {
  argon2Module ??= import("@node-rs/argon2");
  return argon2Module;
};

export const hashPassword = async (password: string) => (await argon2()).hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
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
