import { isLanguage, type Language } from "@domain/languages";
import type { User } from "@domain/users";
import i18n, { changeLanguage, currentLanguage } from "@web/i18n/setup";
import { apiRequest } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { getSession, updateStoredUser } from "./session-store";

/**
 * The owner's language lives on their account (PRODUCT §6, §8): the dashboard shows it, and their
 * emails about bookings and their calendar feed are written in it. A switch while signed in saves
 * it; a switch on the sign-in screens is the choice of whoever signs in next in this tab, and is
 * saved once they do. Without one, signing in shows the account's language. While the dashboard is
 * open, each session check keeps the two together (`keepLanguageInStep`).
 */

/** sessionStorage: the language chosen on the sign-in screens of this tab (it lasts a reload, not the tab). */
const CHOSEN_SIGNED_OUT_KEY = "nelly.langChosenSignedOut";
/** localStorage: "{userId}:{language}", a switch the account has not saved yet (offline, or a reload cut it short). */
const UNSAVED_KEY = "nelly.langUnsaved";

/** The sign-in screens' switch was used: signing in next keeps that language and saves it to the account. */
export function noteSignedOutChoice(language: Language) {
  try {
    sessionStorage.setItem(CHOSEN_SIGNED_OUT_KEY, language);
  } catch {
    // Private mode: signing in shows the account's language instead.
  }
}

function takeSignedOutChoice(): Language | null {
  try {
    const chosen = sessionStorage.getItem(CHOSEN_SIGNED_OUT_KEY);
    sessionStorage.removeItem(CHOSEN_SIGNED_OUT_KEY);
    return isLanguage(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

function writeUnsaved(value: string | null) {
  try {
    if (value === null) localStorage.removeItem(UNSAVED_KEY);
    else localStorage.setItem(UNSAVED_KEY, value);
  } catch {
    // Private mode: a failed save is told, and pressing the language again retries it.
  }
}

function unsavedFor(userId: number): Language | null {
  try {
    const [owner, language] = (localStorage.getItem(UNSAVED_KEY) ?? "").split(":");
    return owner === String(userId) && isLanguage(language) ? language : null;
  } catch {
    return null;
  }
}

/** Saves asked for and not yet answered: one at a time, in the order pressed, so the last press is what the account keeps. */
let savesUnderway = 0;
let lastSave: Promise<void> = Promise.resolve();

/**
 * Saves the dashboard's language on the account. The dashboard has switched already; until the
 * account has it, the choice is kept as unsaved, and the next session check sends it again. When
 * the save fails the owner is told that their emails keep the language they had. Choosing the
 * language the account already has needs no save.
 */
export function saveOwnerLanguage(userId: number, language: Language): Promise<void> {
  savesUnderway += 1;
  // saveNow answers every failure of the call itself; the queue must not stop at one it did not expect.
  lastSave = lastSave
    .then(() => saveNow(userId, language))
    .catch(() => undefined)
    .finally(() => {
      savesUnderway -= 1;
    });
  return lastSave;
}

async function saveNow(userId: number, language: Language) {
  // What this browser knows of the account, as the saves before this one left it.
  if (getSession()?.user.language === language) {
    writeUnsaved(null);
    notify.dismiss("owner-language");
    return;
  }
  writeUnsaved(`${userId}:${language}`);
  try {
    const { user } = await apiRequest<{ user: User }>(`/api/users/${userId}/language`, {
      method: "PUT",
      body: { language },
    });
    // A later switch may be waiting its turn: that one stays to be saved.
    if (unsavedFor(userId) === language) writeUnsaved(null);
    updateStoredUser(user);
    notify.dismiss("owner-language");
  } catch {
    notify.error("owner-language", i18n.t("language.notSaved"));
  }
}

/** Just signed in as `user`: the language chosen on the sign-in screen goes to the account, else the account's is shown. */
export async function settleLanguageOnSignIn(user: User): Promise<void> {
  const chosen = takeSignedOutChoice();
  if (chosen === null) {
    if (isLanguage(user.language)) await changeLanguage(user.language);
    return;
  }
  await saveOwnerLanguage(user.id, chosen);
}

/**
 * A session check answered `account` while this browser knew it as `known`: the dashboard and the
 * account are brought back together. A switch not saved yet is sent again; a session from before
 * accounts had a language gives the account the one the dashboard shows (PRODUCT §8: the owner's
 * choice); and a language changed on another device since this browser last knew the account is
 * shown here too. A dashboard showing another language than the one this browser knew, with
 * nothing unsaved, is left as it is.
 */
export function keepLanguageInStep(known: User, account: User) {
  if (savesUnderway > 0) return;
  const unsaved = unsavedFor(account.id);
  if (unsaved !== null) {
    if (unsaved === account.language) writeUnsaved(null);
    else void saveOwnerLanguage(account.id, unsaved);
    return;
  }
  const shown = currentLanguage();
  if (!isLanguage(account.language) || account.language === shown) return;
  if (!isLanguage(known.language)) void saveOwnerLanguage(account.id, shown);
  else if (known.language === shown) void changeLanguage(account.language);
}
