import { ArrowLeft, ExternalLink, Monitor, Rocket, Smartphone } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Landing } from "../../../domain/landings";
import { cn } from "../../lib/cn";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { ButtonLink } from "../../ui/button-link";
import { Spinner } from "../../ui/spinner";
import { useSession } from "../auth/session-store";
import { useLandingVehicles } from "./api";
import { BrowserFrame } from "./browser-frame";
import { landingTitle } from "./format";
import { LandingPreview } from "./preview/landing-preview";
import { StatusBadge } from "./status-badge";
import { PUBLISHED_PATH, useLandingStatus } from "./use-publish";

type PreviewScreenProps = {
  landing: Landing;
  backTo: string;
  backLabel: string;
  /** h2 when the page already has its own title (the designer). */
  titleAs?: "h1" | "h2";
};

/** The landing as visitors will see it, under a bar of owner controls: back, status, device, Publicar. */
export function PreviewScreen({ landing, backTo, backLabel, titleAs: Title = "h1" }: PreviewScreenProps) {
  const { t, i18n } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const vehicles = useLandingVehicles(userId, landing.id);
  const status = useLandingStatus();
  const [device, setDevice] = useState<"desktop" | "phone">("desktop");
  const title = landingTitle(landing.name);
  const published = landing.status === "published";
  const address = landing.public_url.replace(/^https?:\/\//, "");

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-3 shadow-xs sm:p-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Link
            to={backTo}
            aria-label={backLabel}
            title={backLabel}
            className="flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <div className="min-w-0">
            <Title className="truncate text-lg font-semibold text-gray-900">
              {t("preview.title", { name: title })}
            </Title>
            <div className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-600">
              <StatusBadge status={landing.status} />
              <span className="truncate">{published ? t("preview.publishedNote") : t("preview.draftNote")}</span>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
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
            <ButtonLink to={`${PUBLISHED_PATH}?landing=${landing.id}`} className="max-md:flex-1">
              <ExternalLink aria-hidden="true" className="size-4" />
              {t("preview.share")}
            </ButtonLink>
          ) : (
            <Button onClick={() => void status.publish(landing)} loading={status.pending} className="max-md:flex-1">
              {!status.pending && <Rocket aria-hidden="true" className="size-4" />}
              {status.pending ? t("publish.publishing") : t("publish.publish")}
            </Button>
          )}
        </div>
      </div>

      {vehicles.isError && (
        <Alert>
          {t("preview.vehiclesError")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void vehicles.refetch()}>
            {t("common.retry")}
          </button>
        </Alert>
      )}

      <div
        className={cn("mx-auto w-full transition-[max-width]", device === "phone" ? "max-w-[24.375rem]" : "max-w-none")}
      >
        <BrowserFrame address={address}>
          <LandingPreview
            landing={{
              displayName: title,
              logo: landing.logo,
              color_primary: landing.color_primary,
              color_secondary: landing.color_secondary,
              default_language: landing.default_language,
              currency: landing.currency,
            }}
            vehicles={vehicles.isPending ? undefined : (vehicles.data ?? [])}
            previewNote={{ text: t("preview.searchNote"), lang: i18n.language }}
          />
          {vehicles.isPending && (
            <div
              role="status"
              className="flex items-center justify-center gap-2 bg-gray-50 py-10 text-sm text-gray-600"
            >
              <Spinner className="size-5 text-brand-600" />
              {t("preview.vehiclesLoading")}
            </div>
          )}
        </BrowserFrame>
      </div>
    </div>
  );
}
