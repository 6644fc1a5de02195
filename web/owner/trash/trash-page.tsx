import type { Landing } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { ApiError, isNotFound } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { CountPageHeader } from "@web/ui/count-page-header";
import { removeRowWhenAnswered } from "@web/ui/row-removal";
import { Skeleton } from "@web/ui/skeleton";
import { ArrowLeft, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { LandingSearchList, trashedLandingsQuery, usePurgeLanding, useRestoreLandingOnce } from "../landings";
import { TrashedLandingCard } from "./trashed-landing-card";

function TrashSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {[0, 1].map((row) => (
        <Card key={row} className="flex items-center gap-4 p-4">
          <Skeleton className="h-14 w-20" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <Skeleton className="hidden h-11 w-32 sm:block" />
        </Card>
      ))}
    </div>
  );
}

/** /history, "Papelera": trashed landings, restored or deleted for good (PRODUCT §3). */
export function TrashPage() {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const trashed = useQuery({ ...trashedLandingsQuery(userId), enabled: userId > 0 });
  const { restoreOnce, restoringId } = useRestoreLandingOnce();
  const purge = usePurgeLanding();
  const [asked, setAsked] = useState<{ landing: Landing; button: HTMLElement } | null>(null);
  const purging = asked?.landing ?? null;
  // No card left: the empty state's way back to the landings.
  const emptyStateLink = () => document.querySelector<HTMLElement>('#main a[href="/landings"]');

  const all = trashed.data ?? [];
  const fail = (action: string, error: unknown) =>
    notify.error(action, error instanceof ApiError ? error.message : t("errors.generic"));

  const onRestore = (landing: Landing, button: HTMLElement) =>
    void removeRowWhenAnswered(
      button,
      () =>
        restoreOnce(
          landing,
          `landing-restore:${landing.id}`,
          t("trash.restoredDescription", { name: landing.display_name }),
        ),
      emptyStateLink,
    );

  const onPurge = async () => {
    if (!asked) return;
    const { landing, button } = asked;
    const action = `landing-purge:${landing.id}`;
    try {
      await removeRowWhenAnswered(
        button,
        async () => {
          await purge.mutateAsync(landing.id);
          setAsked(null);
          // SPEC §8's success message, whatever the server's wording.
          notify.success(action, t("trash.purged"));
        },
        emptyStateLink,
      );
    } catch (error) {
      // Restored or deleted meanwhile in another tab: nothing is left to delete, and the list,
      // read again, no longer shows it. Said so, not "not found", which reads as deleted.
      if (isNotFound(error)) {
        setAsked(null);
        notify.info(action, t("trash.purgeGone", { name: landing.display_name }));
      } else fail(action, error);
    }
  };

  return (
    <>
      <CountPageHeader
        title={t("trash.title")}
        count={trashed.data ? all.length : undefined}
        countLabel={t("trash.countLabel", { count: all.length })}
        description={t("trash.description")}
      />
      <LandingSearchList
        query={trashed}
        searchLabel={t("trash.search")}
        loading={<TrashSkeleton label={t("trash.loading")} />}
        loadError={t("trash.loadError")}
        empty={{
          icon: Trash2,
          title: t("trash.emptyTitle"),
          description: t("trash.emptyBody"),
          action: (
            <ButtonLink to="/landings" variant="secondary">
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("trash.toLandings")}
            </ButtonLink>
          ),
        }}
        noMatchDescription={t("trash.noMatchBody")}
      >
        {(shown) => (
          <ul className="flex flex-col gap-3" aria-label={t("trash.title")}>
            {shown.map((landing) => (
              <li key={landing.id}>
                <TrashedLandingCard
                  landing={landing}
                  onRestore={onRestore}
                  onPurge={(landing, button) => setAsked({ landing, button })}
                  restoring={restoringId === landing.id}
                />
              </li>
            ))}
          </ul>
        )}
      </LandingSearchList>
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => {
          if (!open && !purge.isPending) setAsked(null);
        }}
        title={t("trash.purgeTitle", { name: purging?.display_name ?? "" })}
        description={
          <>
            <span className="block">{t("trash.purgeQuestion")}</span>
            <span className="mt-2 block">{t("trash.purgeBody", { name: purging?.display_name ?? "" })}</span>
          </>
        }
        confirmLabel={t("trash.purgeConfirm")}
        onConfirm={() => void onPurge()}
        destructive
        pending={purge.isPending}
      />
    </>
  );
}
