import { CircleAlert, CircleCheck, Link2 } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { useTranslation } from "react-i18next";
import { LANDING_NAME_MAX } from "../../../domain/landings";
import { cn } from "../../lib/cn";
import { CharCounter } from "../../ui/char-counter";
import { Input } from "../../ui/input";
import { Spinner } from "../../ui/spinner";
import type { NameCheckState } from "./use-name-check";

type NameFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  value: string;
  check: NameCheckState;
  /** A message from the form's validation or the server. */
  error?: string;
};

/** The landing's name with the public address it becomes and whether that address is free. */
export function NameField({ label, value, check, error, ...inputProps }: NameFieldProps) {
  const { t } = useTranslation("landings");
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const address = (slug: string) => `${window.location.host}/${slug}`;

  let tone: "muted" | "ok" | "bad" = "muted";
  let text: string;
  switch (check.kind) {
    case "empty":
      text = t("name.hintEmpty", { address: address(t("name.placeholderSlug")) });
      break;
    case "invalid":
      tone = "bad";
      text = t(`api:${check.problem}`);
      break;
    case "checking":
      text = t("name.checking", { address: address(check.slug) });
      break;
    case "available":
      tone = "ok";
      text = t("name.available", { address: address(check.slug) });
      break;
    case "unchanged":
      text = t("name.current", { address: address(check.slug) });
      break;
    case "taken":
      tone = "bad";
      text = check.message || t("api:landingNameTaken");
      break;
    default:
      text = t("name.unknown", { address: address(check.slug) });
  }
  const showError = Boolean(error) && error !== text;
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
      {showError && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
