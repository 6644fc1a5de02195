import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ReservationsLoading } from "./reservations-loading";

/** Filters hide every reservation: say so, and offer the way back to all of them. */
export function NoMatches({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation("reservations");
  return (
    <Card>
      <EmptyState
        icon={SearchX}
        title={t("list.noMatches")}
        description={t("list.noMatchesBody")}
        action={
          <Button variant="secondary" onClick={onReset}>
            {t("filters.reset")}
          </Button>
        }
      />
    </Card>
  );
}

/** SPEC §8's "Error al cargar las reservas." with a retry. */
export function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("reservations");
  return (
    <Card>
      <ErrorState
        title={t("list.loadError")}
        description={t("list.loadErrorBody")}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Card>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Card className="overflow-hidden">
      <ReservationsLoading label={label} />
    </Card>
  );
}
