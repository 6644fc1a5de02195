import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import PostalMime, { type Email } from "postal-mime";

/**
 * The emails the browser tests' server wrote (no SMTP_URL: one .eml file per message under
 * DATA_DIR/outbox), read as a mail client reads them, oldest first.
 */
async function outboxMessages(): Promise<Email[]> {
  const folder = path.join(process.env.NELLY_E2E_DATA_DIR ?? "", "outbox");
  if (!fs.existsSync(folder)) return [];
  const files = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => path.join(folder, file))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  return Promise.all(files.map((file) => PostalMime.parse(fs.readFileSync(file))));
}

/** The newest email that `matches`, waited for (the mail worker sends within a few seconds). */
export async function emailed(matches: (mail: Email) => boolean, what: string): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMessages()).filter(matches).at(-1);
        return found !== undefined;
      },
      { message: what, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no email: ${what}`);
  return found;
}

/** An email's text as read, for matching links and amounts. */
export const textOf = (mail: Email) => mail.text ?? mail.html ?? "";
