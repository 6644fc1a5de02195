import { CalendarCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Landing } from "../../../domain/landings";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";

/** The Reservas tab: its empty state (SPEC §2) until the landing has reservations. */
export function ReservationsTab({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const none = landing.reservations_count === 0;
  return (
    <Card>
      <EmptyState
        icon={CalendarCheck}
        title={none ? t("reservations.empty") : t("reservations.some", { count: landing.reservations_count })}
        description={
          none
            ? landing.status === "published"
              ? t("reservations.emptyPublished")
              : t("reservations.emptyDraft")
            : t("reservations.someBody")
        }
        action={
          <ButtonLink to="/reservation" variant="secondary">
            {t("reservations.open")}
          </ButtonLink>
        }
      />
    </Card>
  );
}
