import type { Language } from "@domain/languages";
import { escapeHtml } from "../ssr";

/**
 * The frame of the emails about an account itself (its password-reset link, the notices that its
 * sign-in email or password changed): a white card on grey under Nelly's bar, built from escaped
 * parts only. Bookings' emails are the landing's own (templates.ts).
 */

/** Nelly's own accent (web/ui/styles.css brand-700), with white text on it. */
const BRAND = "#4338ca";

export const paragraph = (text: string) =>
  `<p style="font-size:15px;line-height:1.5;margin:0 0 16px;overflow-wrap:break-word;word-break:break-word">${escapeHtml(text)}</p>`;

/** A smaller, muted paragraph: what to know, below what happened. */
export const note = (text: string) =>
  `<p style="font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 12px">${escapeHtml(text)}</p>`;

/** The email's one action; `last` when it ends the body, which then keeps less room below it. */
export const button = (url: string, label: string, { last }: { last: boolean }) =>
  `<p style="margin:${last ? "8px 0" : "8px 0 24px"}"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** The whole email around `body` (HTML made of the helpers above), with its footer's words. */
export function accountMailPage(language: Language, body: string, footer: string) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden"><tr><td style="background:${BRAND};color:#ffffff;padding:16px 32px"><strong style="font-size:18px">Nelly</strong></td></tr><tr><td style="padding:24px 32px">${body}</td></tr><tr><td style="padding:16px 32px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(footer)}</td></tr></table></td></tr></table></body></html>`;
}
