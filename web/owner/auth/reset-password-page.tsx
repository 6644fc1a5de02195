import { isLanguage } from "@domain/languages";
import { useQuery } from "@tanstack/react-query";
import { changeLanguage, currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { ButtonLink } from "@web/ui/button-link";
import { ErrorState } from "@web/ui/error-state";
import { LoadingScreen } from "@web/ui/loading-screen";
import { LinkIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthNotice } from "./auth-notice";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "./guards";
import { resetLinkQuery } from "./password-reset-api";
import { ResetPasswordForm } from "./reset-password-form";

/** Where this tab keeps the link's token once it is out of the address bar (a reload still works). */
const TOKEN_KEY = "nelly.resetToken";

/**
 * The token of the emailed link (`?t=`), taken out of the address bar at once (out of the history,
 * of a screenshot, of a copied address) and kept for this tab only; `lang` opens the page in the
 * language the owner asked in.
 */
function useLinkToken(): string | null {
  const navigate = useNavigate();
  const [token] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const fromLink = params.get("t");
    try {
      if (fromLink) sessionStorage.setItem(TOKEN_KEY, fromLink);
      return fromLink ?? sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return fromLink;
    }
  });
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const language = params.get("lang");
    if (isLanguage(language) && language !== currentLanguage()) changeLanguage(language);
    if (params.has("t") || params.has("lang")) navigate(RESET_PASSWORD_PATH, { replace: true });
  }, [navigate]);
  return token;
}

export const forgetLinkToken = () => {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing kept.
  }
};

/** /reset-password (issue 25.20): the page the emailed link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const link = useQuery({ ...resetLinkQuery(token ?? ""), enabled: token !== null });
  const refused = link.error instanceof ApiError && link.error.status === 422;
  // A link that no longer works is not kept for the next reload.
  useEffect(() => {
    if (refused) forgetLinkToken();
  }, [refused]);

  const unusable = token === null || refused;
  if (unusable) {
    return (
      <AuthNotice
        icon={LinkIcon}
        tone="danger"
        title={t("auth.reset.invalidTitle")}
        actions={<ButtonLink to={FORGOT_PASSWORD_PATH}>{t("auth.reset.askAgain")}</ButtonLink>}
      >
        <p>{token === null ? t("auth.reset.missing") : t("auth.reset.invalidBody")}</p>
      </AuthNotice>
    );
  }
  if (link.isError) {
    return (
      <>
        <h1 className="sr-only">{t("auth.reset.title")}</h1>
        <ErrorState onRetry={() => void link.refetch()} retrying={link.isFetching} />
      </>
    );
  }
  if (!link.data) return <LoadingScreen label={t("auth.reset.checking")} />;
  return <ResetPasswordForm token={token} email={link.data.email} onDone={forgetLinkToken} />;
}
