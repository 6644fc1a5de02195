import { TOAST_MS } from "@domain/limits";
import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { Input } from "@web/ui/input";
import { LoadingScreen } from "@web/ui/loading-screen";
import { ArrowLeft, Check, Copy, Eye, FilePen, PartyPopper, Settings2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSession } from "../auth";
import { landingQuery } from "./api";
import { useLandingPageTitle } from "./format";
import { LandingLoadError } from "./landing-load-error";
import { LandingLogo } from "./landing-logo";
import { PublicSiteLink } from "./public-site-link";
import { StatusBadge } from "./status-badge";

/** SPEC §9: the copy notification lasts 3 s, like the toasts. */
export const COPY_NOTICE_MS = TOAST_MS;

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission the selected text can still be copied the old way.
    if (!fallbackInput) return false;
    fallbackInput.select();
    return document.execCommand("copy");
  }
}

/** /published and /publishedTap?landing={id}: the public address, ready to copy and share. */
export function PublishedPage() {
  const { t } = useTranslation("landings");
  const [params] = useSearchParams();
  const landingId = Number(params.get("landing"));
  const userId = useSession()?.userId ?? 0;
  const valid = Number.isInteger(landingId) && landingId > 0 && userId > 0;
  const landing = useQuery({ ...landingQuery(userId, landingId), enabled: valid });
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  useLandingPageTitle(landing.data?.display_name, "titles.published");

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!valid || landing.isError) {
    const missing = !valid || isNotFound(landing.error);
    return (
      <LandingLoadError
        missing={missing}
        missingBody={t("detail.notFoundBody")}
        title={valid ? undefined : t("detail.missingIds")}
        onRetry={() => void landing.refetch()}
        retrying={landing.isFetching}
      >
        <ButtonLink to="/landings" variant={missing ? "primary" : "ghost"}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("published.backToDashboard")}
        </ButtonLink>
      </LandingLoadError>
    );
  }
  if (!landing.data) return <LoadingScreen label={t("detail.loading")} />;

  const data = landing.data;
  const title = data.display_name;
  const live = data.status === "published";
  const copy = async () => {
    const ok = await copyText(data.public_url, inputRef.current);
    setCopyFailed(!ok);
    setCopied(ok);
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-2 sm:py-6">
      <Card className="overflow-hidden">
        <div
          className={cn(
            "flex flex-col items-center gap-4 border-b border-gray-100 bg-gradient-to-b to-white px-6 pt-10 pb-8 text-center",
            live ? "from-green-50" : "from-gray-50",
          )}
        >
          <span
            className={cn(
              "flex size-14 items-center justify-center rounded-full ring-8",
              live ? "bg-green-100 text-green-700 ring-green-50" : "bg-gray-100 text-gray-600 ring-gray-50",
            )}
          >
            {live ? (
              <PartyPopper aria-hidden="true" className="size-7" />
            ) : (
              <FilePen aria-hidden="true" className="size-7" />
            )}
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
            {live ? t("published.title") : t("published.draftTitle")}
          </h1>
          <p className="max-w-md text-sm leading-6 text-gray-600 sm:text-base">
            {live ? t("published.body") : t("published.draftBody")}
          </p>
        </div>
        <div className="flex flex-col gap-6 p-5 sm:p-8">
          <div className="flex items-center gap-4">
            <LandingLogo src={data.logo} color={data.color_primary} className="h-16 w-28" />
            <div className="min-w-0">
              <p className="line-clamp-2 text-lg font-semibold break-words text-gray-900" data-testid="published-name">
                {title}
              </p>
              <StatusBadge status={data.status} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="published-url" className="text-sm font-medium text-gray-800">
              {t("published.urlLabel")}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                ref={inputRef}
                id="published-url"
                readOnly
                value={data.public_url}
                onFocus={(event) => event.currentTarget.select()}
                className="sm:text-sm"
              />
              <Button onClick={() => void copy()} variant={copied ? "secondary" : "primary"} className="sm:w-36">
                {copied ? (
                  <Check aria-hidden="true" className="size-4 text-green-600" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? t("published.copied") : t("published.copy")}
              </Button>
            </div>
            <p role="status" className="min-h-5 text-sm font-medium text-green-700">
              {copied ? t("published.copiedNotice") : ""}
            </p>
            {copyFailed && <p className="text-sm font-medium text-red-700">{t("published.copyFailed")}</p>}
            {!live && (
              <p className="text-sm text-gray-600" data-testid="published-not-live">
                {t("published.notLive")}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {live ? (
              <PublicSiteLink landing={data} label={t("published.open")} />
            ) : (
              <ButtonLink to={`/review-component/${data.name}`} variant="secondary">
                <Eye aria-hidden="true" className="size-4" />
                {t("detail.preview")}
              </ButtonLink>
            )}
            <ButtonLink to={`/view-landing/${data.id}`} variant="secondary">
              <Settings2 aria-hidden="true" className="size-4" />
              {t("published.manage")}
            </ButtonLink>
            <ButtonLink to="/landings" variant="ghost" className="sm:ml-auto">
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("published.backToDashboard")}
            </ButtonLink>
          </div>
        </div>
      </Card>
    </div>
  );
}
