import type { PhotoKind, PhotoView } from "@domain/counter";
import { PHOTO_MAX_BYTES } from "@domain/limits";
import { ApiError, apiRequest } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { photoToSend } from "@web/lib/image-file";
import { buttonClasses } from "@web/ui/button-styles";
import { Camera, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

type PhotoFieldProps = {
  reservationId: number;
  kind: PhotoKind;
  /** What the photo is of, for the button and the image's text: "Foto de la licencia". */
  label: string;
  photoId: number | undefined;
  onChange: (photoId: number | undefined) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * A photo taken at the counter (issue 28.2): the phone's camera opens (or a file is chosen on a
 * desktop), the photo is sent at once and shown small; the form then names it by id. Taking another
 * replaces it; the cross leaves the form without one.
 */
export function PhotoField({ reservationId, kind, label, photoId, onChange, error, disabled }: PhotoFieldProps) {
  const { t } = useTranslation("reservations");
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = failure ?? error;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    const body = new FormData();
    body.append("kind", kind);
    // A retake: the upload it replaces is removed unless a record already keeps it.
    if (photoId !== undefined) body.append("replaces", String(photoId));
    try {
      // A phone's 4,000 px photo goes as about 1 MB: the server keeps at most 1,600 px of it.
      body.append("photo", await photoToSend(file, PHOTO_MAX_BYTES));
      const answer = await apiRequest<{ photo: PhotoView }>(`/api/reservations/${reservationId}/photos`, {
        method: "POST",
        body,
      });
      onChange(answer.photo.id);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.errors?.photo : undefined;
      setFailure(fields?.[0] ?? (caught instanceof ApiError ? caught.message : t("counter.photoFailed")));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-3">
        {photoId !== undefined && (
          <span className="relative">
            <img
              src={`/api/reservations/${reservationId}/photos/${photoId}`}
              alt={label}
              className="size-16 rounded-md object-cover ring-1 ring-gray-200"
            />
            <button
              type="button"
              onClick={() => onChange(undefined)}
              disabled={disabled || uploading}
              aria-label={t("counter.photoRemove", { label })}
              className="absolute -top-3 -right-3 grid size-8 place-items-center rounded-full bg-white text-gray-700 shadow ring-1 ring-gray-300 hover:text-red-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </span>
        )}
        <label
          className={buttonClasses(
            "secondary",
            "md",
            cn(
              "cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2",
              (disabled || uploading) && "pointer-events-none opacity-60",
            ),
          )}
        >
          <Camera aria-hidden="true" className="size-4" />
          {uploading
            ? t("counter.photoUploading")
            : photoId === undefined
              ? t("counter.photoTake", { label: midSentence(label) })
              : t("counter.photoRetake", { label: midSentence(label) })}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={disabled || uploading}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      {shown && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}

/** A field's label inside a sentence: "Tomar foto de la licencia", not "Tomar: Foto de la licencia". */
const midSentence = (label: string) => label.charAt(0).toLocaleLowerCase() + label.slice(1);
