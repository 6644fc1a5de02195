import type { Language } from "@domain/languages";
import { PASSWORD_RESET_TTL_MS } from "@domain/limits";
import { escapeHtml } from "../ssr";
import { accountMailPage, button, note, paragraph } from "./account-mail-frame";
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

/** The email with the link to /reset-password, HTML and plain text, built from escaped parts only. */
export function renderPasswordResetMail(language: Language, recipient: { name: string; url: string }): RenderedMail {
  const words = copy[language];
  const greeting = words.greeting.replace("{{name}}", recipient.name);
  const html = accountMailPage(
    language,
    `${paragraph(greeting)}${paragraph(words.intro)}${button(recipient.url, words.action, { last: false })}${note(words.validity)}${note(words.ignore)}<p style="font-size:12px;line-height:1.5;color:#6b7280;margin:0;word-break:break-all">${escapeHtml(recipient.url)}</p>`,
    words.footer,
  );
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
