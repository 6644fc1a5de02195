import { ACCEPTED_IMAGE_TYPES } from "@domain/limits";
import { Avatar } from "@web/ui/avatar";
import { Button } from "@web/ui/button";
import { buttonClasses } from "@web/ui/button-styles";
import { ImageUp, Trash2, Undo2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AvatarChange } from "./api";
import { AVATAR_MAX_MB, preparedAvatar } from "./avatar-rules";

type AvatarFieldProps = {
  name: string;
  currentUrl: string | null;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  /** A server message about the upload. */
  serverError?: string;
};

/** Photo picker with a live preview of the chosen file (or of its removal) before it is saved. */
export function AvatarField({ name, currentUrl, change, onChange, serverError }: AvatarFieldProps) {
  const file = change.kind === "replace" ? change.file : null;
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the last file chosen counts, even if an earlier one finishes decoding after it.
  const latestChoice = useRef(0);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Clearing the input lets the owner pick the same file again after undoing.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = "";
  }, [file]);

  /** The chosen file is decoded first: a text file named .jpg is refused at once, never previewed. */
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const choice = ++latestChoice.current;
    setChecking(true);
    const prepared = await preparedAvatar(chosen);
    if (choice !== latestChoice.current) return;
    setChecking(false);
    if (!prepared.ok) {
      // Cleared, so choosing the same file again (once fixed) is seen as a new choice.
      if (inputRef.current) inputRef.current.value = "";
      setClientError(t(`api:${prepared.problem}`, prepared.params));
      onChange({ kind: "keep" });
      return;
    }
    setClientError(null);
    onChange({ kind: "replace", file: prepared.file });
  };

  const error = clientError ?? serverError;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <Avatar
        name={name}
        src={previewUrl ?? (change.kind === "remove" ? null : currentUrl)}
        size="xl"
        className="max-sm:size-16 max-sm:text-lg"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <span className="text-sm font-medium text-gray-800">{t("settings.avatar.label")}</span>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            aria-busy={checking || undefined}
            className={buttonClasses(
              "secondary",
              "md",
              "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
            )}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {currentUrl || file ? t("settings.avatar.change") : t("settings.avatar.upload")}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {change.kind !== "keep" ? (
            <Button variant="ghost" onClick={() => onChange({ kind: "keep" })}>
              <Undo2 aria-hidden="true" className="size-4" />
              {t("settings.avatar.undo")}
            </Button>
          ) : (
            currentUrl && (
              <Button variant="ghost" onClick={() => onChange({ kind: "remove" })}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t("settings.avatar.remove")}
              </Button>
            )
          )}
        </div>
        <p id={hintId} className="text-sm text-gray-600">
          {file
            ? t("settings.avatar.pending", { name: file.name })
            : change.kind === "remove"
              ? t("settings.avatar.removing")
              : t("settings.avatar.hint", { max: AVATAR_MAX_MB })}
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
