import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { useMediaQuery } from "@web/lib/use-media-query";
import { Button } from "@web/ui/button";
import { PageHeader } from "@web/ui/page-header";
import { Plus } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { landingsQuery } from "../landings";
import { Agenda } from "./agenda";
import { plannerQuery } from "./api";
import { addDays, daysBetween, localToday, rangeTitle } from "./dates";
import { PlannerLegend } from "./planner-legend";
import { NoLandings, NoVehicles, PlannerError, PlannerLoading } from "./planner-states";
import { PlannerToolbar } from "./planner-toolbar";
import { Timeline } from "./timeline";
import { usePlannerDialogs } from "./use-planner-dialogs";
import { requestedDays, startFor, usePlannerParams, visibleDays } from "./use-planner-params";

/**
 * /planner (issue 11): a landing's fleet over a week or a month, one row per unit, bookings by
 * status and blocks as bars; a bar opens its reservation, an empty day starts a manual booking.
 * On a phone it becomes a one-day agenda. The view lives in the address.
 */
export function PlannerPage() {
  const { t } = useTranslation("planner");
  const language = currentLanguage();
  const wide = useMediaQuery("(min-width: 768px)");
  const userId = useSession()?.userId ?? 0;
  const [params, go] = usePlannerParams();
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const known = landings.data?.find((landing) => landing.id === params.landingId);
  const landing = known ?? landings.data?.[0];
  const landingId = landing?.id ?? 0;
  const days = visibleDays(params.view, params.from);
  const planner = useQuery({
    ...plannerQuery(landingId, params.from, requestedDays(params.view)),
    enabled: landingId > 0,
  });
  const { openBar, newBooking, dialogs } = usePlannerDialogs(landingId, landing);

  // The address names the landing shown, so a reload or a shared link keeps it.
  const defaultLanding = go.defaultLanding;
  useEffect(() => {
    if (landing && landing.id !== params.landingId) defaultLanding(landing.id);
  }, [landing, params.landingId, defaultLanding]);

  const today = planner.data?.today;
  // A view opened without a first day starts on the browser's today, which the landing's calendar
  // may not have reached or may have left (an owner abroad): once its today is known, start there.
  const { fromAsked, from, view } = params;
  const defaultFrom = go.defaultFrom;
  useEffect(() => {
    if (!fromAsked && today && startFor(view, today) !== from) defaultFrom(today);
  }, [fromAsked, today, from, view, defaultFrom]);
  const shownToday = today && daysBetween(params.from, today) >= 0 && daysBetween(params.from, today) < days;
  const agendaDay =
    params.day && daysBetween(params.from, params.day) >= 0 && daysBetween(params.from, params.day) < days
      ? params.day
      : shownToday
        ? today
        : params.from;
  // Until the answer for this window arrives, the previous one stays on screen: draw it by its own dates.
  const current =
    planner.data?.from === params.from && planner.data.days === requestedDays(params.view) ? planner.data : undefined;

  let body: ReactNode;
  if (landings.isError && !landings.data) {
    body = <PlannerError onRetry={() => void landings.refetch()} retrying={landings.isFetching} />;
  } else if (landings.data && landings.data.length === 0) {
    body = <NoLandings />;
  } else if (!planner.data && planner.isError) {
    body = <PlannerError onRetry={() => void planner.refetch()} retrying={planner.isFetching} />;
  } else if (!planner.data) {
    body = <PlannerLoading />;
  } else if (planner.data.vehicles.length === 0) {
    body = <NoVehicles landingId={landingId} />;
  } else if (wide) {
    const shown = current ?? planner.data;
    body = (
      <Timeline
        planner={shown}
        days={current ? days : visibleDays(shown.days === 7 ? "week" : "month", shown.from)}
        language={language}
        onOpenBar={openBar}
        onNewBooking={newBooking}
      />
    );
  } else {
    body = (
      <Agenda
        key={params.from}
        planner={current ?? planner.data}
        days={current ? days : visibleDays(planner.data.days === 7 ? "week" : "month", planner.data.from)}
        day={current ? agendaDay : planner.data.from}
        language={language}
        onDay={go.day}
        onOpenBar={openBar}
        onNewBooking={newBooking}
      />
    );
  }

  const hasFleet = landing !== undefined;
  return (
    <>
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
        actions={
          hasFleet ? (
            <Button onClick={() => newBooking()}>
              <Plus aria-hidden="true" className="size-4" />
              {t("page.newBooking")}
            </Button>
          ) : undefined
        }
      />
      {landings.data && landing && (
        <PlannerToolbar
          landings={landings.data}
          landingId={landing.id}
          view={params.view}
          title={rangeTitle(params.from, addDays(params.from, days - 1), language)}
          busy={planner.isFetching}
          onLanding={go.landing}
          onView={(view) => go.view(view, today ?? params.from)}
          onStep={go.step}
          onToday={() => go.today(today ?? localToday())}
        />
      )}
      {planner.isError && planner.data && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {t("states.staleError")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void planner.refetch()}>
            {t("states.retry")}
          </button>
        </p>
      )}
      <div
        aria-busy={planner.isFetching}
        className={planner.isPlaceholderData ? "opacity-70 transition-opacity" : undefined}
      >
        {body}
      </div>
      {wide && planner.data && planner.data.vehicles.length > 0 && <PlannerLegend />}
      {dialogs}
    </>
  );
}
