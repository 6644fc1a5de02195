import type { Landing } from "@domain/landings";
import { isLanguage } from "@domain/languages";
import { formatInstant } from "@web/lib/format";
import { Badge } from "@web/ui/badge";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { Clock, RotateCcw, Trash2 } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { LandingLogo } from "../landings";

type TrashedLandingCardProps = {
  landing: Landing;
  /** With the button pressed: the focus moves on from its card once the card is gone. */
  onRestore: (landing: Landing, button: HTMLElement) => void;
  onPurge: (landing: Landing, button: HTMLElement) => void;
  restoring: boolean;
};

/** A landing in the Papelera: when it was deleted, the status it will come back with, and the two ways out. */
export function TrashedLandingCard({ landing, onRestore, onPurge, restoring }: TrashedLandingCardProps) {
  const { t, i18n } = useTranslation("landings");
  const title = landing.display_name;
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="trashed-card">
      {/* The logo above the words where the text is large for the screen: beside it they had 158 px. */}
      <div className="flex min-w-0 flex-1 items-center gap-4 cramped:flex-col cramped:items-stretch">
        <LandingLogo src={landing.logo} color={landing.color_primary} className="h-14 w-20 opacity-80" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="truncate text-base font-semibold text-gray-900" title={title}>
              {title}
            </h2>
            <Badge tone="gray">{landing.status === "published" ? t("trash.wasPublished") : t("trash.wasDraft")}</Badge>
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-gray-600">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
            <span>
              {landing.deleted_at ? (
                <Trans
                  t={t}
                  i18nKey="trash.deletedAt"
                  // On the landing's clock, as every time in the dashboard, not the browser's.
                  values={{ date: formatInstant(landing.deleted_at, landing.time_zone, language) }}
                  components={{ date: <UnbrokenWhen /> }}
                />
              ) : (
                t("trash.deleted")
              )}
            </span>
          </p>
          <p className="mt-0.5 text-sm text-gray-600">
            {t("counts.vehicles", { count: landing.vehicles_count })} ·{" "}
            {t("counts.reservations", { count: landing.reservations_count })}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={(event) => onRestore(landing, event.currentTarget)}
          loading={restoring}
          data-remove-row
        >
          {!restoring && <RotateCcw aria-hidden="true" className="size-4" />}
          {t("trash.restore")}
          <span className="sr-only"> {title}</span>
        </Button>
        <Button
          variant="ghost"
          onClick={(event) => onPurge(landing, event.currentTarget)}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t("trash.purge")}
          <span className="sr-only"> {title}</span>
        </Button>
      </div>
    </Card>
  );
}
