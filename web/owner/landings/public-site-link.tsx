import type { Landing } from "@domain/landings";
import { type ButtonVariant, buttonClasses } from "@web/ui/button-styles";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The landing's live public site (`public_url`, from the server's PUBLIC_BASE_URL), in a new tab.
 * Only for a published landing: a draft has no public site yet (its address answers 404), so the
 * screens say why instead of linking to it.
 */
export function PublicSiteLink({
  landing,
  label,
  variant = "secondary",
  className,
}: {
  landing: Pick<Landing, "public_url">;
  label: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { t } = useTranslation("landings");
  return (
    <a
      href={landing.public_url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses(variant, "md", className)}
    >
      <ExternalLink aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only"> {t("published.newTab")}</span>
    </a>
  );
}
