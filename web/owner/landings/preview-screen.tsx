import type { Landing } from "@domain/landings";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { ArrowLeft, Monitor, Rocket, Share2, Smartphone } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicSiteLink } from "./public-site-link";
import { PublishRequirements } from "./publish-requirements";
import { type PreviewDevice, SiteFrame } from "./site-frame";
import { StatusBadge } from "./status-badge";
import { missingForPublish, PUBLISHED_PATH, useLandingStatus } from "./use-publish";

type PreviewScreenProps = {
  landing: Landing;
  backTo: string;
  backLabel: string;
  /** Where this screen sends the owner to add vehicles (defaults to the landing's Vehículos tab). */
  vehiclesPath?: string;
  /** Where it sends the owner to add places (defaults to Localizaciones). */
  locationsPath?: string;
  /** h2 when the page already has its own title (the designer). */
  titleAs?: "h1" | "h2";
  /** Shown above the site while the landing is a draft (the designer's summary of its charges). */
  beforePublishing?: ReactNode;
};

/**
 * The landing's real public site (drafts included), under a bar of owner controls: back, status,
 * device, Publicar. On a phone the first lines hold only the title, since toasts show over them
 * there (web/ui/toaster.tsx); the back link moves down beside the actions.
 */
export function PreviewScreen({
  landing,
  backTo,
  backLabel,
  vehiclesPath,
  locationsPath,
  titleAs: Title = "h1",
  beforePublishing,
}: PreviewScreenProps) {
  const { t } = useTranslation("landings");
  const status = useLandingStatus();
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const requirementsId = useId();
  const title = landing.display_name;
  const published = landing.status === "published";
  const missing = published ? [] : missingForPublish(landing);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-3 shadow-xs sm:p-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Link
            to={backTo}
            aria-label={backLabel}
            title={backLabel}
            className="flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 max-sm:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <div className="min-w-0">
            <Title className="line-clamp-2 text-lg font-semibold break-words text-gray-900 sm:truncate">
              {t("preview.title", { name: title })}
            </Title>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
              <StatusBadge status={landing.status} />
              <span>{published ? t("preview.publishedNote") : t("preview.draftNote")}</span>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink to={backTo} variant="secondary" className="sm:hidden">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {backLabel}
          </ButtonLink>
          <fieldset className="hidden items-center rounded-lg bg-gray-100 p-1 sm:flex">
            <legend className="sr-only">{t("preview.device")}</legend>
            {(["desktop", "phone"] as const).map((option) => {
              const Icon = option === "desktop" ? Monitor : Smartphone;
              return (
                <button
                  key={option}
                  type="button"
                  onClick={() => setDevice(option)}
                  aria-pressed={device === option}
                  className={cn(
                    "flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors",
                    device === option ? "bg-white text-gray-900 shadow-xs" : "text-gray-600 hover:text-gray-900",
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`preview.${option}`)}
                </button>
              );
            })}
          </fieldset>
          {published ? (
            <>
              <PublicSiteLink landing={landing} label={t("published.open")} className="max-md:flex-1" />
              <ButtonLink to={`${PUBLISHED_PATH}?landing=${landing.id}`} className="max-md:flex-1">
                <Share2 aria-hidden="true" className="size-4" />
                {t("preview.share")}
              </ButtonLink>
            </>
          ) : (
            <Button
              onClick={() => void status.publish(landing)}
              loading={status.pending}
              disabled={missing.length > 0}
              aria-describedby={missing.length > 0 || status.refusal ? requirementsId : undefined}
              className="max-md:flex-1"
            >
              {!status.pending && <Rocket aria-hidden="true" className="size-4" />}
              {status.pending ? t("publish.publishing") : t("publish.publish")}
            </Button>
          )}
        </div>
      </div>

      {!published && (
        <PublishRequirements
          id={requirementsId}
          landingId={landing.id}
          missing={missing}
          refusal={status.refusal}
          vehiclesPath={vehiclesPath ?? `/view-landing/${landing.id}?tab=vehicles`}
          locationsPath={locationsPath}
        />
      )}
      {!published && beforePublishing}

      <SiteFrame landing={landing} device={device} />
    </div>
  );
}
