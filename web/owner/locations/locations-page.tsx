import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountPageHeader } from "@web/ui/count-page-header";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { NativeSelect } from "@web/ui/native-select";
import { LayoutTemplate, Plus } from "lucide-react";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSession } from "../auth";
import { landingsQuery } from "../landings";
import { locationsQuery } from "./api";
import { LandingLocations, RowsLoading } from "./landing-locations";

/**
 * /location-reservaction: pick a landing, see and edit its pickup/return locations (SPEC §2), each
 * pair's one-way fee and each place's opening hours (issue 10).
 */
export function LocationsPage() {
  const { t } = useTranslation("fleet");
  const session = useSession();
  const userId = session?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const [searchParams, setSearchParams] = useSearchParams();
  const pickerId = useId();

  const list = landings.data ?? [];
  const requested = Number(searchParams.get("landing"));
  const selected = list.find((landing) => landing.id === requested) ?? list[0];
  const locations = useQuery({ ...locationsQuery(selected?.id ?? 0), enabled: selected !== undefined });

  // The choice lives in the URL (?landing=ID), so a reload or a shared link keeps it.
  useEffect(() => {
    if (selected && selected.id !== requested) {
      setSearchParams(
        (params) => {
          params.set("landing", String(selected.id));
          return params;
        },
        { replace: true },
      );
    }
  }, [selected, requested, setSearchParams]);

  return (
    <>
      <CountPageHeader
        title={t("locationsPage.title")}
        count={selected ? locations.data?.length : undefined}
        countLabel={t("locationsPage.count", { count: locations.data?.length ?? 0 })}
        description={t("locationsPage.description")}
      />
      {landings.isPending ? (
        <Card>
          <RowsLoading label={t("locationsPage.loadingLandings")} />
        </Card>
      ) : landings.isError ? (
        <Card>
          <ErrorState
            title={t("locationsPage.landingsError")}
            description={t("locationsPage.loadErrorBody")}
            onRetry={() => void landings.refetch()}
            retrying={landings.isFetching}
          />
        </Card>
      ) : !selected ? (
        <Card>
          <EmptyState
            icon={LayoutTemplate}
            title={t("locationsPage.noLandingsTitle")}
            description={t("locationsPage.noLandingsBody")}
            action={
              <ButtonLink to="/layout-designer">
                <Plus aria-hidden="true" className="size-4" />
                {t("locationsPage.createLanding")}
              </ButtonLink>
            }
          />
        </Card>
      ) : (
        <div className="flex flex-col gap-5">
          <Card className="p-4 sm:p-5">
            <div className="flex flex-col gap-1.5 sm:max-w-sm">
              <label htmlFor={pickerId} className="text-sm font-medium text-gray-800">
                {t("locationsPage.picker")}
              </label>
              <NativeSelect
                id={pickerId}
                value={String(selected.id)}
                onChange={(event) =>
                  setSearchParams(
                    (params) => {
                      params.set("landing", event.target.value);
                      return params;
                    },
                    { replace: false },
                  )
                }
                options={list.map((landing) => ({ value: String(landing.id), label: landing.display_name }))}
              />
            </div>
          </Card>
          <LandingLocations key={selected.id} landing={selected} />
        </div>
      )}
    </>
  );
}
