/**
 * A likely slip in an email's provider ("ana@gmail.con", "ana@hotmial.com"), said beside the field
 * before a booking is sent to an address nobody reads (a traveller's walk booked with "gmail.con":
 * no confirmation, no link to their booking, and no way to tell). Only the providers travellers use
 * most, and only one slip away (a letter missing, extra or wrong, or two swapped): a company's own
 * domain is never "corrected", and a real provider near a common one is listed as itself.
 */
const PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "hotmail.com",
  "hotmail.es",
  "hotmail.fr",
  "hotmail.it",
  "hotmail.co.uk",
  "outlook.com",
  "outlook.es",
  "live.com",
  "live.com.mx",
  "msn.com",
  "yahoo.com",
  "yahoo.es",
  "yahoo.fr",
  "yahoo.com.mx",
  "yahoo.co.uk",
  "ymail.com",
  "rocketmail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "mail.com",
  "email.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "proton.me",
  "protonmail.com",
  "comcast.net",
  "verizon.net",
  "att.net",
];

/** Providers a slip is corrected to: long enough that one letter off is not another real name. */
const CORRECTED_TO = PROVIDERS.filter((domain) => domain.length >= 8);

/** Letters inserted, removed, replaced or two neighbours swapped, counted up to `limit` + 1. */
function slips(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The email with its provider put right, or null: a provider already, near none, or near two. */
export function emailSuggestion(email: string): string | null {
  const at = email.indexOf("@");
  // Not an address yet ("ana", "@gmail.con", "ana@@gmail.con"): the field's own check says so.
  if (at < 1 || email.lastIndexOf("@") !== at) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!domain.includes(".") || PROVIDERS.includes(domain)) return null;
  const near = CORRECTED_TO.filter((provider) => slips(domain, provider, 1) <= 1);
  return near.length === 1 ? `${email.slice(0, at).trim()}@${near[0]}` : null;
}
