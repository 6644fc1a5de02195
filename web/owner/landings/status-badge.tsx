import type { LandingStatus } from "@domain/landings";
import { Badge } from "@web/ui/badge";
import { useTranslation } from "react-i18next";

export function StatusBadge({ status }: { status: LandingStatus }) {
  const { t } = useTranslation("landings");
  return (
    <Badge tone={status === "published" ? "green" : "amber"} dot>
      {t(`status.${status}`)}
    </Badge>
  );
}
