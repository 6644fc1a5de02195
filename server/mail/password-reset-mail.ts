import type { Language } from "@domain/languages";
import { PASSWORD_RESET_TTL_MS } from "@domain/limits";
import { escapeHtml } from "../ssr";
import type { RenderedMail } from "./templates";

const minutes = PASSWORD_RESET_TTL_MS / 60_000;

/** The words of the password-reset email (issue 25.20), in the language the owner asked in. */
const copy = {
  es: {
    subject: "Elige una contraseña nueva para Nelly",
    greeting: "Hola {{name}}:",
    intro: "Alguien (seguramente tú) pidió cambiar la contraseña de tu cuenta de Nelly.",
    action: "Elegir una contraseña nueva",
    validity: `El enlace vale ${minutes} minutos y sirve una sola vez. Al usarlo se cierran las sesiones abiertas en otros dispositivos.`,
    ignore: "Si no lo pediste tú, ignora este correo: tu contraseña no cambia.",
    footer: "Nelly: sitios de reservas para empresas de alquiler de vehículos",
  },
  en: {
    subject: "Choose a new password for Nelly",
    greeting: "Hi {{name}},",
    intro: "Someone (probably you) asked to change the password of your Nelly account.",
    action: "Choose a new password",
    validity: `The link works for ${minutes} minutes, once. Using it signs your account out on other devices.`,
    ignore: "If you did not ask for this, ignore this email: your password stays the same.",
    footer: "Nelly: booking sites for vehicle-rental companies",
  },
} satisfies Record<Language, Record<string, string>>;

/** Nelly's own accent (web/ui/styles.css brand-700), with white text on it. */
const BRAND = "#4338ca";

/** The email with the link to /reset-password, HTML and plain text, built from escaped parts only. */
export function renderPasswordResetMail(language: Language, recipient: { name: string; url: string }): RenderedMail {
  const words = copy[language];
  const greeting = words.greeting.replace("{{name}}", recipient.name);
  const paragraph = (text: string) =>
    `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(text)}</p>`;
  const button = `<p style="margin:8px 0 24px"><a href="${escapeHtml(recipient.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:700;text-decoration:none">${escapeHtml(words.action)}</a></p>`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden"><tr><td style="background:${BRAND};color:#ffffff;padding:16px 32px"><strong style="font-size:18px">Nelly</strong></td></tr><tr><td style="padding:24px 32px">${paragraph(greeting)}${paragraph(words.intro)}${button}<p style="font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 12px">${escapeHtml(words.validity)}</p><p style="font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 12px">${escapeHtml(words.ignore)}</p><p style="font-size:12px;line-height:1.5;color:#6b7280;margin:0;word-break:break-all">${escapeHtml(recipient.url)}</p></td></tr><tr><td style="padding:16px 32px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(words.footer)}</td></tr></table></td></tr></table></body></html>`;
  const text = [
    greeting,
    "",
    words.intro,
    "",
    `${words.action}: ${recipient.url}`,
    "",
    words.validity,
    words.ignore,
    "",
    words.footer,
  ].join("\n");
  return { subject: words.subject, html, text };
}
