import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "@web/ui/button-link";
import { CountPageHeader } from "@web/ui/count-page-header";
import { LayoutTemplate, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { landingsQuery } from "./api";
import { CardSkeletons } from "./card-skeletons";
import { LandingCard } from "./landing-card";
import { LandingSearchList } from "./landing-search-list";
import { TrashLandingDialog } from "./trash-landing-dialog";
import { useTrashLandingFlow } from "./use-trash-landing";

export const DESIGNER_PATH = "/layout-designer";

/** /landings: the owner's booking sites, searchable, each with open, preview and delete. */
export function LandingsPage() {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const trash = useTrashLandingFlow();

  const all = landings.data ?? [];
  // In the header the button spans a phone's width; in the empty state it keeps its own size.
  const createButton = (className?: string) => (
    <ButtonLink to={DESIGNER_PATH} className={className}>
      <Plus aria-hidden="true" className="size-4" />
      {t("list.create")}
    </ButtonLink>
  );

  return (
    <>
      <CountPageHeader
        title={t("list.title")}
        count={landings.data ? all.length : undefined}
        countLabel={t("list.countLabel", { count: all.length })}
        description={t("list.description")}
        actions={landings.isSuccess && all.length === 0 ? undefined : createButton("max-sm:flex-1")}
      />
      <LandingSearchList
        query={landings}
        searchLabel={t("list.search")}
        loading={<CardSkeletons label={t("list.loading")} />}
        loadError={t("list.loadError")}
        empty={{
          icon: LayoutTemplate,
          title: t("list.emptyTitle"),
          description: t("list.emptyBody"),
          action: createButton(),
        }}
        noMatchDescription={t("list.noMatchBody")}
      >
        {(shown) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("list.title")}>
            {shown.map((landing) => (
              <li key={landing.id} className="flex">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <LandingCard landing={landing} onDelete={trash.open} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </LandingSearchList>
      <TrashLandingDialog
        landing={trash.target}
        onClose={trash.close}
        onConfirm={() => void trash.confirm()}
        pending={trash.pending}
        refusal={trash.refusal}
      />
    </>
  );
}
