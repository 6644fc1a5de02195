import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { decodeQuotedPrintable } from "./public";

/**
 * The address of the last password-reset link emailed to `email`, as a path of this site
 * (`/reset-password?t=...&lang=..`): the server wrote it to DATA_DIR/outbox (no SMTP_URL in
 * browser tests), with its own base address.
 */
export async function emailedResetLink(email: string): Promise<string> {
  const folder = path.join(process.env.NELLY_E2E_DATA_DIR ?? "", "outbox");
  const pattern = /https?:\/\/[^\s"<>]+(\/reset-password\?t=[\w-]+&lang=(es|en))/;
  let link = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.endsWith(".eml")) : [];
        const mine = files
          .map((file) => path.join(folder, file))
          .filter((file) => fs.readFileSync(file, "latin1").includes(email))
          .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
        const found =
          mine.length > 0 ? decodeQuotedPrintable(fs.readFileSync(mine.at(-1) ?? "", "latin1")).match(pattern) : null;
        link = found?.[1] ?? "";
        return link;
      },
      { message: `the password-reset email to ${email}`, timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}
