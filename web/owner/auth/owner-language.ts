import { isLanguage, type Language } from "@domain/languages";
import type { User } from "@domain/users";
import i18n, { changeLanguage } from "@web/i18n/setup";
import { apiRequest } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { updateStoredUser } from "./session-store";

/**
 * The owner's language lives on their account (PRODUCT §6, §8): the dashboard shows it, and their
 * emails about bookings and their calendar feed are written in it. A switch while signed in saves
 * it; a switch on the sign-in screens is the choice of whoever signs in next in this tab, and is
 * saved once they do. Without one, signing in shows the account's language.
 */

/** sessionStorage: the language chosen on the sign-in screens of this tab (it lasts a reload, not the tab). */
const CHOSEN_SIGNED_OUT_KEY = "nelly.langChosenSignedOut";

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

/**
 * Saves the dashboard's language on the account. The dashboard has switched already; when the
 * save fails the owner is told that their emails keep the language they had.
 */
export async function saveOwnerLanguage(userId: number, language: Language): Promise<void> {
  try {
    const { user } = await apiRequest<{ user: User }>(`/api/users/${userId}/language`, {
      method: "PUT",
      body: { language },
    });
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
  if (chosen !== user.language) await saveOwnerLanguage(user.id, chosen);
}
