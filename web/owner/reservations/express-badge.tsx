import { Badge } from "@web/ui/badge";
import { Zap } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * "Exprés" beside a booking whose customer finished their express pickup (issue 28.6): drivers,
 * licences and agreement done, so the counter only checks the licence against the person.
 */
export function ExpressBadge({ done }: { done: boolean }) {
  const { t } = useTranslation("reservations");
  if (!done) return null;
  return (
    <Badge tone="green">
      <Zap aria-hidden="true" className="size-3" />
      {t("express.badge")}
      <span className="sr-only">: {t("express.badgeHint")}</span>
    </Badge>
  );
}
