import type { ReservationSource } from "@domain/reservations";
import { Badge } from "@web/ui/badge";
import { PhoneCall } from "lucide-react";
import { useTranslation } from "react-i18next";

/** "Manual" beside the status when the owner took the booking; nothing for the site's own. */
export function SourceBadge({ source }: { source: ReservationSource }) {
  const { t } = useTranslation("reservations");
  if (source !== "manual") return null;
  return (
    <Badge tone="brand">
      <PhoneCall aria-hidden="true" className="size-3" />
      {t("source.manual")}
      <span className="sr-only">: {t("source.manualHint")}</span>
    </Badge>
  );
}
