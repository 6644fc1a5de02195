import * as lucide from "lucide-react";
import { usePage } from "../context";
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
      <p className="text-sm">{t.search.groupBody(name)}</p>
      <ContactButtons message={t.contact.group(name, seats)} testId="group-contact" />
    </div>
  );
}
