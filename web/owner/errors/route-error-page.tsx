import { pageTitle } from "@web/lib/document-title";
import { BrandLogo } from "@web/ui/brand-logo";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { HOME_PATH } from "../auth";
import { NotFoundPage } from "./not-found-page";

/**
 * A page's code that did not arrive (Chromium, Firefox and Safari word it differently). The browser
 * keeps that failure for the rest of the document, so only loading the document again brings it.
 */
const isMissingCode = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);

/**
 * The router's errorElement: "¡Ups! Algo salió mal." (SPEC §8) with a retry and a way back.
 * `fullScreen` is the outermost boundary, used when even the shell could not render.
 */
export function RouteErrorPage({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Opened without a connection: said so, and opened by itself once the connection returns.
  const missingCode = isMissingCode(error);
  const offline = missingCode && !navigator.onLine;
  useEffect(() => {
    if (!missingCode) return;
    const reload = () => window.location.reload();
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, [missingCode]);

  useEffect(() => {
    if (!notFound) console.error(error);
    document.title = pageTitle(t(notFound ? "titles.notFound" : offline ? "titles.offline" : "titles.error"));
  }, [error, notFound, offline, t]);

  const content = notFound ? (
    <NotFoundPage />
  ) : (
    <Card className="mt-4">
      <ErrorState
        title={t(offline ? "errors.pageOfflineTitle" : "errors.title")}
        description={t(offline ? "errors.pageOffline" : "errors.pageFailed")}
        // Offline, a reload would only bring the browser's own error page: the page reloads by
        // itself once the connection returns.
        onRetry={offline ? undefined : () => window.location.reload()}
      >
        <ButtonLink to={HOME_PATH} variant="ghost">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("notFound.back")}
        </ButtonLink>
      </ErrorState>
    </Card>
  );
  if (!fullScreen) return content;
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-6">
      <BrandLogo />
      <main className="flex w-full max-w-xl flex-1 flex-col justify-center">{content}</main>
    </div>
  );
}
