import { LANDING_NAME_MAX } from "@domain/landings";
import { cn } from "@web/lib/cn";
import { CharCounter } from "@web/ui/char-counter";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { Spinner } from "@web/ui/spinner";
import { CircleAlert, CircleCheck, Link2 } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { useTranslation } from "react-i18next";
import { readableUrl } from "./format";
import type { SlugCheckState } from "./use-name-check";

type SlugFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  value: string;
  check: SlugCheckState;
  /** Where the owner's sites live, from the server ("https://reservas.example.com/"); null while unknown. */
  base: string | null;
  /** A message from the form's validation or the server. */
  error?: string;
  /** The business name was typed but gives no address (all in another script, or emoji). */
  noneFromName?: boolean;
};

/** The landing's address (its slug): the full public address it gives, and whether it is free. */
export function SlugField({ label, value, check, base, error, noneFromName = false, ...inputProps }: SlugFieldProps) {
  const { t } = useTranslation("landings");
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  // The server's answer when it has one; before that, its base with the slug.
  const address = (slug: string, url?: string) => readableUrl(url ?? `${base ?? "/"}${slug}`);

  let tone: "muted" | "ok" | "bad" = "muted";
  let text: string;
  switch (check.kind) {
    case "empty":
      // An example, said as one when the name gave nothing: not shown as if it were their address.
      text = t(noneFromName ? "slug.noneFromName" : "slug.hintEmpty", { address: address(t("name.placeholderSlug")) });
      break;
    case "invalid":
      tone = "bad";
      text = t(`slug.problems.${check.problem}`, { defaultValue: t(`api:${check.problem}`) });
      break;
    case "checking":
      text = t("name.checking", { address: address(check.slug) });
      break;
    case "available":
      tone = "ok";
      text = t("name.available", { address: address(check.slug, check.url) });
      break;
    case "unchanged":
      text = t("name.current", { address: address(check.slug, check.url) });
      break;
    case "taken":
      tone = "bad";
      // The owner's own landing in the trash holds it: say so, or they look for a stranger's.
      text = t(check.inYourTrash ? "slug.inYourTrash" : "slug.taken", { address: address(check.slug, check.url) });
      break;
    default:
      text = t("name.unknown", { address: address(check.slug) });
  }
  // When the status line already says what is wrong, the same problem is not repeated under it.
  const showError = Boolean(error) && error !== text && tone !== "bad";
  const invalid = tone === "bad" || Boolean(error);
  const Icon = tone === "ok" ? CircleCheck : tone === "bad" ? CircleAlert : Link2;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <CharCounter id={counterId} count={value.trim().length} max={LANDING_NAME_MAX} />
      </div>
      <Input
        id={id}
        value={value}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={[statusId, showError ? errorId : undefined, counterId].filter(Boolean).join(" ")}
        {...inputProps}
      />
      <p
        id={statusId}
        aria-live="polite"
        data-testid="name-status"
        className={cn(
          "flex items-start gap-1.5 text-sm [overflow-wrap:anywhere]",
          tone === "ok" && "font-medium text-green-700",
          tone === "bad" && "font-medium text-red-700",
          tone === "muted" && "text-gray-600",
        )}
      >
        {check.kind === "checking" ? (
          <Spinner className="mt-0.5 shrink-0" />
        ) : (
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        )}
        <span>{text}</span>
      </p>
      {showError && <FieldError id={errorId} message={error} />}
    </div>
  );
}
