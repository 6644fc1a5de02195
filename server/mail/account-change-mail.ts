import { formatDateTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { timeZoneCity, toLocal } from "@domain/rental-time";
import { escapeHtml } from "../ssr";
import { accountMailPage, button, note, paragraph } from "./account-mail-frame";
import type { RenderedMail } from "./templates";

/** The dashboard's sign-in page and its "¿Olvidaste tu contraseña?" page (web/owner/auth/guards.ts). */
const LOGIN_PATH = "/";
const FORGOT_PASSWORD_PATH = "/forgot-password";

/**
 * The words of the notices sent when an account's sign-in email or password changes, in the
 * owner's language. Each says what changed and when, and what to do if it was not them: only
 * what the code does (a password change, from the settings or a reset link, signs out every other
 * session; an email change alone does not; a reset link goes to the account's address as it is now).
 */
const copy = {
  es: {
    greeting: "Hola {{name}}:",
    when: "Cuándo: {{when}}",
    ifYou: "Si fuiste tú, no tienes que hacer nada.",
    footer: "Nelly: sitios de reservas para empresas de alquiler de vehículos",
    emailSubject: "Cambió el correo de tu cuenta de Nelly",
    emailIntro: "El correo con el que inicias sesión en tu cuenta de Nelly se cambió. La dirección nueva es:",
    emailMoved:
      "Desde ahora los avisos de la cuenta y los enlaces para recuperar la contraseña llegan a la dirección nueva, no a esta.",
    emailAlsoPassword:
      "En el mismo cambio se eligió una contraseña nueva y se cerraron las sesiones abiertas en otros dispositivos.",
    emailNotYou:
      "Si no fuiste tú, inicia sesión cuanto antes con la dirección nueva y tu contraseña de siempre, vuelve a poner tu correo en Configuración de usuario y elige una contraseña nueva: al cambiarla se cierran las sesiones abiertas en otros dispositivos (cambiar solo el correo no las cierra).",
    emailNotYouLocked:
      "Si no fuiste tú, tu contraseña de siempre ya no sirve y un enlace para recuperarla llegaría a la dirección nueva: pide ayuda al equipo de Nelly y reenvíales este correo.",
    emailAction: "Iniciar sesión",
    passwordSubject: "Cambió la contraseña de tu cuenta de Nelly",
    passwordIntroSettings: "La contraseña de tu cuenta de Nelly ({{email}}) se cambió desde Configuración de usuario.",
    passwordIntroReset:
      "La contraseña de tu cuenta de Nelly ({{email}}) se cambió con un enlace de recuperación enviado a esta dirección.",
    passwordSessions: "Se cerraron las sesiones abiertas en otros dispositivos.",
    passwordNotYou:
      "Si no fuiste tú, pide ahora un enlace para elegir otra contraseña en «¿Olvidaste tu contraseña?», en la página para iniciar sesión: llega a esta dirección, y al usarlo se cierran todas las sesiones abiertas, también la de quien hizo el cambio.",
    passwordAction: "Recuperar contraseña",
  },
  en: {
    greeting: "Hi {{name}},",
    when: "When: {{when}}",
    ifYou: "If it was you, there is nothing to do.",
    footer: "Nelly: booking sites for vehicle-rental companies",
    emailSubject: "The email of your Nelly account changed",
    emailIntro: "The email you sign in to your Nelly account with was changed. The new address is:",
    emailMoved: "From now on the account's notices and password-recovery links go to the new address, not to this one.",
    emailAlsoPassword: "The same change set a new password and signed the account out on other devices.",
    emailNotYou:
      "If it was not you, sign in right away with the new address and your usual password, put your own email back in User settings and choose a new password: changing it signs the account out on other devices (changing only the email does not).",
    emailNotYouLocked:
      "If it was not you, your usual password no longer works and a recovery link would go to the new address: ask the Nelly team for help and forward them this email.",
    emailAction: "Sign in",
    passwordSubject: "The password of your Nelly account changed",
    passwordIntroSettings: "The password of your Nelly account ({{email}}) was changed in User settings.",
    passwordIntroReset:
      "The password of your Nelly account ({{email}}) was changed with a recovery link sent to this address.",
    passwordSessions: "Every session on other devices was signed out.",
    passwordNotYou:
      "If it was not you, ask now for a link to choose another password under “Forgot your password?” on the sign-in page: it comes to this address, and using it signs out every open session, including whoever made the change.",
    passwordAction: "Recover password",
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * "05-03-2027 3:05 PM (hora de Santo Domingo)" on the owner's clock, the time zone of their
 * landing (as the agreement's signature says it); "(UTC)" for an owner with no landing yet.
 */
function formatWhen(at: Date, language: Language, timeZone: string | null) {
  if (!timeZone) {
    const iso = at.toISOString();
    return `${formatDateTime(iso.slice(0, 10), iso.slice(11, 16), language)} (UTC)`;
  }
  const local = toLocal(at, timeZone);
  const city = timeZoneCity(timeZone);
  const zone = language === "es" ? `hora de ${city}` : `${city} time`;
  return `${formatDateTime(local.date, local.time, language)} (${zone})`;
}

const pageUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}${path}`;

/**
 * The notice to an account's previous address that its sign-in email changed: the new address,
 * when, and what to do if it was not the owner. `passwordChanged`: the same save set a new password
 * too, so this is the only notice, and the owner's old password no longer signs in.
 */
export function renderEmailChangedMail(
  language: Language,
  change: {
    name: string;
    newEmail: string;
    changedAt: Date;
    /** The owner's landing's time zone, to say when on their clock; null: UTC. */
    timeZone: string | null;
    passwordChanged: boolean;
    baseUrl: string;
  },
): RenderedMail {
  const words = copy[language];
  const greeting = words.greeting.replace("{{name}}", change.name);
  const when = words.when.replace("{{when}}", formatWhen(change.changedAt, language, change.timeZone));
  const loginUrl = pageUrl(change.baseUrl, LOGIN_PATH);
  const newAddress = `<p style="font-size:16px;line-height:1.5;font-weight:700;margin:0 0 16px;padding:12px 16px;background:#f3f4f6;border-radius:8px;word-break:break-all">${escapeHtml(change.newEmail)}</p>`;
  const closing = change.passwordChanged
    ? [words.emailAlsoPassword, words.ifYou, words.emailNotYouLocked]
    : [words.ifYou, words.emailNotYou];
  const html = accountMailPage(
    language,
    `${paragraph(greeting)}${paragraph(words.emailIntro)}${newAddress}${paragraph(when)}${note(words.emailMoved)}${closing.map(note).join("")}${change.passwordChanged ? "" : button(loginUrl, words.emailAction, { last: true })}`,
    words.footer,
  );
  const text = [
    greeting,
    "",
    words.emailIntro,
    change.newEmail,
    "",
    when,
    "",
    words.emailMoved,
    ...closing.flatMap((line) => ["", line]),
    ...(change.passwordChanged ? [] : ["", `${words.emailAction}: ${loginUrl}`]),
    "",
    words.footer,
  ].join("\n");
  return { subject: words.emailSubject, html, text };
}

/**
 * The notice to an account's address that its password changed (`way`: in the settings, or with
 * an emailed reset link), when, and what to do if it was not the owner: ask for a reset link.
 */
export function renderPasswordChangedMail(
  language: Language,
  change: {
    name: string;
    email: string;
    changedAt: Date;
    /** The owner's landing's time zone, to say when on their clock; null: UTC. */
    timeZone: string | null;
    way: "settings" | "reset";
    baseUrl: string;
  },
): RenderedMail {
  const words = copy[language];
  const greeting = words.greeting.replace("{{name}}", change.name);
  const intro = (change.way === "reset" ? words.passwordIntroReset : words.passwordIntroSettings).replace(
    "{{email}}",
    change.email,
  );
  const when = words.when.replace("{{when}}", formatWhen(change.changedAt, language, change.timeZone));
  const forgotUrl = pageUrl(change.baseUrl, FORGOT_PASSWORD_PATH);
  const html = accountMailPage(
    language,
    `${paragraph(greeting)}${paragraph(intro)}${paragraph(when)}${note(words.passwordSessions)}${note(words.ifYou)}${note(words.passwordNotYou)}${button(forgotUrl, words.passwordAction, { last: true })}`,
    words.footer,
  );
  const text = [
    greeting,
    "",
    intro,
    "",
    when,
    "",
    words.passwordSessions,
    "",
    words.ifYou,
    "",
    words.passwordNotYou,
    "",
    `${words.passwordAction}: ${forgotUrl}`,
    "",
    words.footer,
  ].join("\n");
  return { subject: words.passwordSubject, html, text };
}
