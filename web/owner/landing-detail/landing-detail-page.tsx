import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { useAddressParams } from "@web/lib/use-address-params";
import { useChosenTab } from "@web/lib/use-chosen-tab";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { LoadingScreen } from "@web/ui/loading-screen";
import { TabCount, Tabs, TabsContent, TabsTrigger } from "@web/ui/tabs";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useSession } from "../auth";
import { LandingLoadError, landingQuery, useLandingPageTitle } from "../landings";
import { LandingVehiclesTab, VEHICLE_SECTION_PARAM, VEHICLE_VIEW_PARAM } from "../vehicles";
import { ConfigForm } from "./config/config-form";
import { DetailHeader } from "./detail-header";
import { PaymentsTab } from "./payments/payments-tab";
import { ReservationsTab } from "./reservations-tab";
import { RulesTab } from "./rules/rules-tab";
import { ScrollingTabsList } from "./scrolling-tabs-list";
import { SeoForm } from "./seo/seo-form";

const TABS = ["reservations", "vehicles", "settings", "rules", "payments", "seo"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

function BackToList() {
  const { t } = useTranslation("landings");
  return (
    <ButtonLink to="/landings" variant="ghost">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("detail.backToList")}
    </ButtonLink>
  );
}

/** /view-landing/:id and /review-landing/:id: a landing's reservations, vehicles, settings, rules and SEO. */
export function LandingDetailPage() {
  const { t } = useTranslation("landings");
  const { id } = useParams();
  const landingId = Number(id);
  const userId = useSession()?.userId ?? 0;
  const valid = userId > 0 && Number.isInteger(landingId) && landingId > 0;
  const landing = useQuery({ ...landingQuery(userId, landingId), enabled: valid, refetchOnMount: "always" });
  const [params, changeParams] = useAddressParams();
  const tabParam = params.get("tab");
  const [tab, showTab] = useChosenTab<Tab>(isTab(tabParam) ? tabParam : "reservations");
  useLandingPageTitle(landing.data?.display_name, "titles.landingDetail");

  if (!valid) {
    return (
      <Card>
        <ErrorState title={t("detail.missingIds")} description={t("detail.missingIdsBody")}>
          <BackToList />
        </ErrorState>
      </Card>
    );
  }
  if (landing.isError && !landing.data) {
    return (
      <LandingLoadError
        missing={isNotFound(landing.error)}
        missingBody={t("detail.notFoundBody")}
        onRetry={() => void landing.refetch()}
        retrying={landing.isFetching}
      >
        <BackToList />
      </LandingLoadError>
    );
  }
  if (!landing.data) return <LoadingScreen label={t("detail.loading")} />;

  const data = landing.data;
  return (
    <>
      <DetailHeader landing={data} />
      <Tabs
        value={tab}
        onValueChange={(next) => {
          if (!isTab(next)) return;
          showTab(next);
          changeParams(
            {
              tab: next === "reservations" ? null : next,
              // The Vehículos tab's open form belongs to that tab: coming back shows its table.
              [VEHICLE_VIEW_PARAM]: null,
              [VEHICLE_SECTION_PARAM]: null,
            },
            { replace: true },
          );
        }}
      >
        <ScrollingTabsList label={t("detail.tabsLabel")} value={tab}>
          <TabsTrigger value="reservations">
            {t("detail.tabs.reservations")}
            <TabCount value={data.reservations_count} />
          </TabsTrigger>
          <TabsTrigger value="vehicles">
            {t("detail.tabs.vehicles")}
            <TabCount value={data.vehicles_count} />
          </TabsTrigger>
          <TabsTrigger value="settings">{t("detail.tabs.settings")}</TabsTrigger>
          <TabsTrigger value="rules">{t("detail.tabs.rules")}</TabsTrigger>
          <TabsTrigger value="payments">{t("detail.tabs.payments")}</TabsTrigger>
          <TabsTrigger value="seo">{t("detail.tabs.seo")}</TabsTrigger>
        </ScrollingTabsList>
        <TabsContent value="reservations">
          <ReservationsTab landing={data} />
        </TabsContent>
        <TabsContent value="vehicles">
          <LandingVehiclesTab landingId={data.id} />
        </TabsContent>
        <TabsContent value="settings">
          <ConfigForm key={data.id} landing={data} />
        </TabsContent>
        <TabsContent value="rules">
          <RulesTab landing={data} />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab landing={data} />
        </TabsContent>
        <TabsContent value="seo">
          <SeoForm key={data.id} landing={data} />
        </TabsContent>
      </Tabs>
    </>
  );
}
