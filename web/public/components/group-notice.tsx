import { landingRulesOf } from "@domain/rental-rules";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { contactLinks } from "../lib/contact-links";
import { ContactButtons } from "./contact-buttons";
import { keptIcon } from "./icons";

const Users = keptIcon(lucide.Users);

/**
 * More people than any vehicle of the fleet carries (issue 24.10): what the fleet takes, and the
 * operator's phone and WhatsApp to arrange a bigger group (several vehicles, a van).
 */
export function GroupNotice({ maxSeats, seats }: { maxSeats: number; seats: number }) {
  const { data, t } = usePage();
  const name = data.landing.display_name;
  const message = t.contact.group(name, seats);
  // Told to call only when there is a number to call.
  const links = contactLinks(landingRulesOf(data.landing.rules), message);
  const reachable = links.call !== null || links.whatsapp !== null;
  return (
    <div
      className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
      role="status"
      data-testid="group-notice"
    >
      <p className="flex gap-2 font-semibold">
        <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t.search.groupTitle(maxSeats)}
      </p>
      <p className="text-sm">{reachable ? t.search.groupBody(name) : t.search.groupBodyNoContact}</p>
      <ContactButtons message={message} testId="group-contact" />
    </div>
  );
}
