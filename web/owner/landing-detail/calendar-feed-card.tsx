import { useQuery } from "@tanstack/react-query";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { CopyField } from "@web/ui/copy-field";
import { Skeleton } from "@web/ui/skeleton";
import { CalendarDays, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { calendarFeedQuery, useRegenerateCalendarFeed } from "./calendar-api";

/**
 * The landing's secret iCal link for Google or Apple Calendar: copy it, or regenerate it (after a
 * confirmation, since calendars using the old link stop updating) when it reached the wrong hands.
 */
export function CalendarFeedCard({ landingId }: { landingId: number }) {
  const { t } = useTranslation("live");
  const feed = useQuery(calendarFeedQuery(landingId));
  const regenerate = useRegenerateCalendarFeed(landingId);
  const [confirming, setConfirming] = useState(false);
  const id = useId();

  const confirmRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify.success("calendar-regenerate", t("calendar.regenerated"));
      },
      onError: () => notify.error("calendar-regenerate", t("calendar.regenerateError")),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <Card className="p-5 sm:p-6">
        <div className="flex items-start gap-3">
          {/* Hidden on a screen narrow for its text: beside it "Reservations" broke mid-word. */}
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 cramped:hidden">
            <CalendarDays aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
              {t("calendar.title")}
            </h2>
            <p className="mt-1 text-sm leading-6 text-gray-600">{t("calendar.body")}</p>
          </div>
        </div>

        <div className="mt-5 flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-gray-800">
            {t("calendar.urlLabel")}
          </label>
          {feed.data ? (
            <CopyField
              id={`${id}-url`}
              value={feed.data.url}
              describedBy={`${id}-hint`}
              copyLabel={t("calendar.copy")}
              copied={t("calendar.copiedToast")}
              copyFailed={t("calendar.copyError")}
              toast="calendar-copy"
            />
          ) : feed.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
              {t("calendar.loadError")}
              <Button variant="secondary" onClick={() => void feed.refetch()} loading={feed.isFetching}>
                {t("calendar.retry")}
              </Button>
            </div>
          ) : (
            <div role="status" className="flex flex-col gap-2 sm:flex-row">
              <span className="sr-only">{t("calendar.loading")}</span>
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 shrink-0 sm:w-32" />
            </div>
          )}
          <p id={`${id}-hint`} className="text-sm text-gray-500">
            {t("calendar.secretHint")}
          </p>
        </div>

        <div className="mt-4 border-t border-gray-100 pt-4">
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={!feed.data}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t("calendar.regenerate")}
          </Button>
        </div>

        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            if (!regenerate.isPending) setConfirming(open);
          }}
          title={t("calendar.confirmTitle")}
          description={t("calendar.confirmBody")}
          confirmLabel={t("calendar.confirm")}
          onConfirm={confirmRegenerate}
          destructive
          pending={regenerate.isPending}
        />
      </Card>
    </section>
  );
}
