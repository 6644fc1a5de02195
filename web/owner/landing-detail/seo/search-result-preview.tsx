import { SEO_DESCRIPTION_HINT, SEO_TITLE_HINT } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { useTranslation } from "react-i18next";

/** Cut at `length` characters (an emoji is one, and is never split in two halves that draw as "�"). */
const cut = (text: string, length: number) =>
  textLength(text) > length
    ? `${Array.from(text)
        .slice(0, length - 1)
        .join("")
        .trimEnd()}…`
    : text;

/** Roughly how a search engine lists the landing, cut where engines usually cut. */
export function SearchResultPreview({
  title,
  description,
  url,
  fallbackTitle,
}: {
  title: string;
  description: string;
  url: string;
  fallbackTitle: string;
}) {
  const { t } = useTranslation("landings");
  const cutTitle = textLength(title.trim()) > SEO_TITLE_HINT;
  const cutDescription = textLength(description.trim()) > SEO_DESCRIPTION_HINT;
  return (
    // A step smaller where the text is large for the screen: at 200 % "Configuración" broke in the title.
    <figure className="rounded-lg border border-gray-200 bg-white p-4 cramped:p-3">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {t("seo.resultPreview")}
      </figcaption>
      <p className="truncate text-sm text-gray-700">{url.replace(/^https?:\/\//, "")}</p>
      <p className="mt-0.5 text-lg leading-snug text-[#1a0dab] cramped:text-base">
        {cut(title.trim() || fallbackTitle, SEO_TITLE_HINT)}
      </p>
      <p className="mt-1 text-sm leading-5 text-gray-700">
        {description.trim() ? cut(description.trim(), SEO_DESCRIPTION_HINT) : t("seo.resultEmpty")}
      </p>
      {(cutTitle || cutDescription) && (
        <p className="mt-3 border-t border-gray-100 pt-2 text-xs text-gray-600" data-testid="result-cut-note">
          {t("seo.resultCut")}
        </p>
      )}
    </figure>
  );
}
