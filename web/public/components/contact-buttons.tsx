import { landingRulesOf } from "@domain/rental-rules";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { contactLinks } from "../lib/contact-links";
import { keptIcon } from "./icons";

const MessageCircle = keptIcon(lucide.MessageCircle);
const Phone = keptIcon(lucide.Phone);

/**
 * "Llamar" and "WhatsApp" when the landing has those numbers (issue 10). WhatsApp opens with a
 * message already written: the vehicle and dates while choosing, the reference once booked.
 */
export function ContactButtons({
  message,
  tone = "light",
  title = false,
  testId = "contact-buttons",
  className,
}: {
  message: string;
  tone?: "light" | "dark";
  /** Show "¿Tienes dudas?" above the buttons. */
  title?: boolean;
  testId?: string;
  /** Its place on the page (a rule above it, a margin): with no number to offer, nothing is drawn, rule included. */
  className?: string;
}) {
  const { data, t } = usePage();
  const name = data.landing.display_name;
  const links = contactLinks(landingRulesOf(data.landing.rules), message);
  if (!links.call && !links.whatsapp) return null;
  const button =
    tone === "dark"
      ? "inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-white ring-1 ring-white/30 hover:bg-white/10"
      : "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-900 hover:bg-gray-50";
  return (
    <div className={className} data-testid={testId}>
      {title && <p className="mb-2 text-sm font-semibold text-gray-800">{t.contact.title}</p>}
      <div className="flex flex-wrap gap-2">
        {links.call && (
          <a href={links.call} className={button} aria-label={t.contact.callLabel(name)} data-testid="contact-call">
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {t.contact.call}
          </a>
        )}
        {links.whatsapp && (
          <a
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={button}
            aria-label={t.contact.whatsappLabel(name)}
            data-testid="contact-whatsapp"
          >
            <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
            {t.contact.whatsapp}
          </a>
        )}
      </div>
    </div>
  );
}
