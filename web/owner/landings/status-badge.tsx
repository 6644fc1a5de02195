import { useTranslation } from "react-i18next";
import type { LandingStatus } from "../../../domain/landings";
import { Badge } from "../../ui/badge";

export function StatusBadge({ status }: { status: LandingStatus }) {
  const { t } = useTranslation("landings");
  return (
    <Badge tone={status === "published" ? "green" : "amber"} dot>
      {t(`status.${status}`)}
    </Badge>
  );
}
