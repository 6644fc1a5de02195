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

let zones: Option[] | null = null;

/** Every time zone the browser knows, as "America / Santo Domingo (UTC-4)"; computed once. */
export function timeZoneOptions(current: string): Option[] {
  zones ??= Intl.supportedValuesOf("timeZone").map((zone) => ({
    value: zone,
    label: `${zone.replaceAll("_", " ").replaceAll("/", " / ")} (${offsetOf(zone)})`,
  }));
  const wanted = [current, DEFAULT_TIME_ZONE].filter(Boolean);
  const missing = wanted.filter(
    (zone, index) => wanted.indexOf(zone) === index && !zones?.some((o) => o.value === zone),
  );
  return [...missing.map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone)})` })), ...zones];
}
