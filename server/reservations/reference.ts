import { randomInt } from "node:crypto";

/** Letters and digits a person can read back on the phone: no 0/O, 1/I/L. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A short reference like NLY-7K3Q9P, random (about 887 million of them), never derived from the id. */
export function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `NLY-${code}`;
}
