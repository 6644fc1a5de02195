import { ACCEPTED_IMAGE_TYPES } from "@domain/limits";
import { ImageUp, Undo2 } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { prepareImage } from "../lib/image-file";
import { Button } from "./button";
import { buttonClasses } from "./button-styles";

export type ImageShape = "logo" | "wide" | "square";

const frames: Record<ImageShape, string> = {
  logo: "h-24 w-full max-w-72",
  wide: "aspect-[1200/630] w-full max-w-80",
  square: "size-24",
};

type ImageFieldProps = {
  label: string;
  /** e.g. "Recommended 250 × 80 px". */
  hint: string;
  /** The image already saved, if any. */
  currentUrl?: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  maxBytes: number;
  shape?: ImageShape;
  /** A message from the form or the server. */
  error?: string;
  /** Shown while a chosen file waits for the form to be saved. */
  pendingNote?: string;
  /** The colour the image will sit on (a logo on its header), instead of the transparency grid. */
  background?: string;
};

/** An image picker with its preview, the picture's own size, drag and drop, and the same checks as the server. */
export function ImageField({
  label,
  hint,
  currentUrl,
  file,
  onFileChange,
  maxBytes,
  shape = "logo",
  error,
  pendingNote,
  background,
}: ImageFieldProps) {
  const { t } = useTranslation("landings");
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [checking, setChecking] = useState(false);
  // Only the last file chosen counts, even if an earlier one finishes decoding after it.
  const latestChoice = useRef(0);

  useEffect(() => {
    setSize(null);
    if (!file) {
      setPreviewUrl(null);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** Every upload field decodes the chosen file first: a text file named .jpg is refused at once. */
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const choice = ++latestChoice.current;
    setChecking(true);
    // A logo or a favicon keeps what is see-through when a camera-sized picture is drawn smaller.
    const prepared = await prepareImage(chosen, maxBytes, { transparent: shape !== "wide" });
    if (choice !== latestChoice.current) return;
    setChecking(false);
    if (!prepared.ok) {
      // Cleared, so choosing the same file again (once fixed) is seen as a new choice.
      if (inputRef.current) inputRef.current.value = "";
      setClientError(t(`api:${prepared.problem}`, prepared.params));
      return;
    }
    setClientError(null);
    onFileChange(prepared.file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const shown = previewUrl ?? currentUrl ?? null;
  const message = clientError ?? error;
  const labelId = `${id}-label`;
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="@container flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-gray-800">
        {label}
      </span>
      <div className="flex flex-col gap-3 @md:flex-row @md:items-center @md:gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-busy={checking || undefined}
          className={cn(
            "flex shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-lg border p-2",
            !background && "bg-[repeating-conic-gradient(#f3f4f6_0_25%,#fff_0_50%)] bg-[length:16px_16px]",
            frames[shape],
            dragging ? "border-brand-600 ring-3 ring-brand-600/20" : "border-dashed border-gray-300",
            message && "border-red-600",
          )}
          style={background ? { backgroundColor: background } : undefined}
        >
          {shown ? (
            <img
              src={shown}
              alt={t("ui.imagePreview", { label })}
              className="max-h-full max-w-full object-contain"
              onLoad={(event) => {
                if (previewUrl) {
                  const img = event.currentTarget;
                  setSize({ width: img.naturalWidth, height: img.naturalHeight });
                }
              }}
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-7 text-gray-400" />
          )}
        </label>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <label
              className={buttonClasses(
                "secondary",
                "md",
                "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              )}
            >
              <ImageUp aria-hidden="true" className="size-4" />
              <span aria-hidden="true">{shown ? t("ui.changeImage") : t("ui.uploadImage")}</span>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES}
                className="sr-only"
                aria-labelledby={labelId}
                aria-describedby={message ? `${hintId} ${errorId}` : hintId}
                aria-invalid={message ? true : undefined}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </label>
            {file && (
              <Button variant="ghost" onClick={() => onFileChange(null)}>
                <Undo2 aria-hidden="true" className="size-4" />
                {t("ui.undoImage")}
              </Button>
            )}
          </div>
          <p id={hintId} className="text-sm [overflow-wrap:anywhere] text-gray-600">
            {hint}
            {size && <span className="block">{t("ui.imageSize", { width: size.width, height: size.height })}</span>}
            {file && pendingNote && <span className="block">{pendingNote}</span>}
          </p>
        </div>
      </div>
      {message && (
        <p id={errorId} role="alert" className="text-sm font-medium [overflow-wrap:anywhere] text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
