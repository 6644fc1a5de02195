import type { Landing } from "@domain/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { ArrowLeft, CalendarCheck, CarFront, Eye, EyeOff, MapPin, Rocket } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ChargesSummary,
  LandingLogo,
  missingForPublish,
  PUBLISHED_TAP_PATH,
  PublicSiteLink,
  PublishRequirements,
  readableUrl,
  StatusBadge,
  useLandingStatus,
} from "../landings";

function Counter({ icon: Icon, label }: { icon: typeof CarFront; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-gray-700 ring-1 ring-gray-200">
      <Icon aria-hidden="true" className="size-4 text-gray-500" />
      {label}
    </span>
  );
}

/**
 * Back arrow, logo and business name, counters, status and the publish control of a landing's
 * detail. Publicar says beforehand what the landing still needs.
 */
export function DetailHeader({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const status = useLandingStatus();
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const requirementsId = useId();
  const title = landing.display_name;
  const published = landing.status === "published";
  const missing = published ? [] : missingForPublish(landing);

  return (
    <header className="mb-6 flex flex-col gap-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        {/* The logo above the name where the text is large for the screen: beside it the name broke mid-word. */}
        <div className="flex min-w-0 items-center gap-3 cramped:flex-col cramped:items-stretch sm:gap-4">
          {/* Not on a phone: its top bar leads home, and toasts show over the page's first line there. */}
          <Link
            to="/landings"
            aria-label={t("detail.backToList")}
            title={t("detail.backToList")}
            className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 max-sm:hidden sm:ml-0"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <LandingLogo src={landing.logo} color={landing.color_primary} className="h-12 w-16 sm:h-14 sm:w-24" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1
                className="line-clamp-2 min-w-0 text-xl font-semibold tracking-tight break-words text-gray-900 cramped:text-lg sm:text-2xl"
                data-testid="detail-name"
              >
                {title}
              </h1>
              <StatusBadge status={landing.status} />
            </div>
            <p className="mt-0.5 truncate text-sm text-gray-600" data-testid="detail-address">
              {readableUrl(landing.public_url)}
            </p>
            {!published && (
              <p className="mt-0.5 text-sm text-gray-600" data-testid="detail-not-live">
                {t("detail.notLive")}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 [&>*]:max-sm:flex-1">
          <ButtonLink to={`/review-component/${landing.name}`} variant="secondary">
            <Eye aria-hidden="true" className="size-4" />
            {t("detail.preview")}
          </ButtonLink>
          {published ? (
            <>
              <PublicSiteLink landing={landing} label={t("detail.visit")} />
              <Button variant="secondary" onClick={() => setConfirmUnpublish(true)}>
                <EyeOff aria-hidden="true" className="size-4" />
                {t("publish.unpublish")}
              </Button>
            </>
          ) : (
            <Button
              onClick={() => void status.publish(landing, PUBLISHED_TAP_PATH)}
              loading={status.pending}
              disabled={missing.length > 0}
              aria-describedby={missing.length > 0 || status.refusal ? requirementsId : undefined}
            >
              {!status.pending && <Rocket aria-hidden="true" className="size-4" />}
              {status.pending ? t("publish.publishing") : t("publish.publish")}
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Counter icon={CarFront} label={t("counts.vehicles", { count: landing.vehicles_count })} />
        <Counter icon={MapPin} label={t("counts.locations", { count: landing.locations_count })} />
        <Counter icon={CalendarCheck} label={t("counts.reservations", { count: landing.reservations_count })} />
      </div>
      {!published && (
        <PublishRequirements
          id={requirementsId}
          landingId={landing.id}
          missing={missing}
          refusal={status.refusal}
          vehiclesPath={`/view-landing/${landing.id}?tab=vehicles`}
        />
      )}
      {/* Publicar publishes at once: what travellers will be charged besides is said before it. */}
      {!published && missing.length === 0 && <ChargesSummary landing={landing} level={2} />}
      <ConfirmDialog
        open={confirmUnpublish}
        onOpenChange={setConfirmUnpublish}
        title={t("publish.unpublishTitle")}
        description={[
          t("publish.unpublishBody", { name: title }),
          landing.active_reservations_count > 0 &&
            t("publish.unpublishActive", { count: landing.active_reservations_count }),
        ]
          .filter(Boolean)
          .join(" ")}
        confirmLabel={t("publish.unpublish")}
        pending={status.pending}
        onConfirm={async () => {
          const saved = await status.unpublish(landing);
          if (saved) setConfirmUnpublish(false);
        }}
      />
    </header>
  );
}
