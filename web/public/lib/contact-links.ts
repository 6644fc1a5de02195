import { whatsappLink } from "@domain/rental-rules";

/** "+1 (809) 555-0101" -> "tel:+18095550101": what a phone dials, or null without a number. */
export function telLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (!digits) return null;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** The landing's call and WhatsApp links (issue 10), each null when the owner gave no number. */
export function contactLinks(rules: { contact_phone: string; whatsapp: string }, message: string) {
  return { call: telLink(rules.contact_phone), whatsapp: whatsappLink(rules.whatsapp, message) };
}
