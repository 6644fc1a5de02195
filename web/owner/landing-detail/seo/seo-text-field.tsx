import {
  type LandingTextField,
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_KEYWORDS_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
} from "@domain/landings";
import type { Language } from "@domain/languages";
import { textLength } from "@domain/text-length";
import { displayMessage } from "@web/i18n/messages";
import type { TFunction } from "i18next";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CountedField } from "./counted-field";
import type { SeoFormInput, SeoFormOutput } from "./seo-form-values";

type Kind = "title" | "description" | "keywords";

/** Each SEO text: its label's key, its lengths, and whether the landing's own language requires it. */
const TEXTS: Record<LandingTextField, { label: string; kind: Kind; required: boolean; ownHint?: string }> = {
  meta_title: { label: "metaTitle", kind: "title", required: true },
  meta_description: { label: "metaDescription", kind: "description", required: true },
  meta_keywords: { label: "metaKeywords", kind: "keywords", required: false },
  og_title: { label: "ogTitle", kind: "title", required: false, ownHint: "seo.ogTitleHint" },
  og_description: { label: "ogDescription", kind: "description", required: true, ownHint: "seo.ogDescriptionHint" },
};

/** The counter's figures and words for a kind of text, `length` being what is typed now. */
function lengths(t: TFunction, kind: Kind, length: number) {
  const words = kindLengths(t, kind, length);
  if (length <= words.limit) return words;
  // Past the limit the save refuses it: said as it is typed, not promised to be kept.
  const overLimit = t("seo.overLimit", { length, limit: words.limit, over: length - words.limit });
  return { ...words, hintText: overLimit, overHintText: overLimit };
}

function kindLengths(t: TFunction, kind: Kind, length: number) {
  if (kind === "title") {
    return {
      hint: SEO_TITLE_HINT,
      limit: SEO_TITLE_MAX,
      hintText: t("seo.titleHint", { hint: SEO_TITLE_HINT }),
      overHintText: t("seo.titleOverHint", { hint: SEO_TITLE_HINT }),
    };
  }
  if (kind === "description") {
    return {
      hint: SEO_DESCRIPTION_HINT,
      limit: SEO_DESCRIPTION_MAX,
      hintText: t("seo.descriptionHint", { hint: SEO_DESCRIPTION_HINT }),
      overHintText: t("seo.descriptionOverHint", { hint: SEO_DESCRIPTION_HINT, length, limit: SEO_DESCRIPTION_MAX }),
    };
  }
  return { limit: SEO_KEYWORDS_MAX, hintText: t("seo.keywordsHint") };
}

/**
 * One SEO text with its counter: the landing's own (`other` absent) or its translation into the
 * other language, which is always optional and labelled with that language's name.
 */
export function SeoTextField({
  form,
  field,
  other,
}: {
  form: UseFormReturn<SeoFormInput, unknown, SeoFormOutput>;
  field: LandingTextField;
  other?: Language;
}) {
  const { t } = useTranslation("landings");
  const text = TEXTS[field];
  const name = other ? (`translations.${field}` as const) : field;
  const value = form.watch(name) ?? "";
  const errors = form.formState.errors;
  const error = other ? errors.translations?.[field] : errors[field];
  const counter = lengths(t, text.kind, textLength(value));
  const required = !other && text.required;
  return (
    <CountedField
      multiline={text.kind === "description"}
      label={
        other
          ? t(`seo.other.${text.label}`, { language: t(`languagesInSentence.${other}`) })
          : t(`fields.${text.label}`)
      }
      lang={other}
      value={value}
      {...counter}
      // The sharing texts' own hints in both languages: the search engines' lengths are not theirs.
      hintText={text.ownHint ? t(text.ownHint, { hint: SEO_DESCRIPTION_HINT }) : counter.hintText}
      error={displayMessage(t, error?.message)}
      required={required}
      optionalLabel={required ? undefined : t("ui.optional")}
      {...form.register(name)}
    />
  );
}
