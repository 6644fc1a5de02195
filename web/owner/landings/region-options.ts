import { DEFAULT_TIME_ZONE } from "@domain/landings";

/** Currencies an operator in the Caribbean and Latin America is likely to use, first the spec's. */
export const COMMON_CURRENCIES = [
  "USD",
  "DOP",
  "EUR",
  "MXN",
  "COP",
  "CRC",
  "GTQ",
  "HNL",
  "NIO",
  "PAB",
  "PEN",
  "CLP",
  "ARS",
  "BRL",
  "UYU",
  "BOB",
  "PYG",
  "JMD",
  "TTD",
  "BBD",
  "BSD",
  "CAD",
  "GBP",
  "CHF",
] as const;

export type Option = { value: string; label: string };

export function currencyOptions(language: string, current: string): Option[] {
  const codes: string[] = [...COMMON_CURRENCIES];
  if (current && !codes.includes(current)) codes.unshift(current);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: "currency" });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(new Date())
      .find((item) => item.type === "timeZoneName");
    return part?.value.replace("GMT", "UTC") || "UTC";
  } catch {
    return "";
  }
}

/**
 * The browser lists its zones by ICU's ids, some of them names the places no longer use ("Europe/
 * Kiev", "Asia/Calcutta"). The id stays what is stored (the server checks it against the same
 * list); the owner reads today's name.
 */
const TODAYS_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Mendoza": "America/Argentina/Mendoza",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** "America/Santo_Domingo" as "America / Santo Domingo (UTC-4)", by the place's name today. */
export function timeZoneLabel(zone: string): string {
  const name = TODAYS_NAMES[zone] ?? zone;
  return `${name.replaceAll("_", " ").replaceAll("/", " / ")} (${offsetOf(zone)})`;
}

let zones: Option[] | null = null;

/** Every time zone the browser knows, in the order of their names; computed once. */
export function timeZoneOptions(current: string): Option[] {
  zones ??= Intl.supportedValuesOf("timeZone")
    .map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  const wanted = [current, DEFAULT_TIME_ZONE].filter(Boolean);
  const missing = wanted.filter(
    (zone, index) => wanted.indexOf(zone) === index && !zones?.some((o) => o.value === zone),
  );
  return [...missing.map((zone) => ({ value: zone, label: timeZoneLabel(zone) })), ...zones];
}
