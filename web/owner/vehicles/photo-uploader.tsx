import { ACCEPTED_IMAGE_TYPES } from "@domain/limits";
import { VEHICLE_IMAGES_MAX } from "@domain/vehicles";
import { cn } from "@web/lib/cn";
import { CircleAlert, ImagePlus } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PhotoItem, PhotoList } from "./photo-list";
import { VEHICLE_IMAGE_MAX_MB } from "./photo-list";
import { PhotoTile } from "./photo-tile";

type PhotoUploaderProps = {
  photos: PhotoList;
  /** True while the form is saving: photos cannot change and new ones show their progress. */
  busy: boolean;
  /** A message from the server about the photos. */
  serverError?: string;
};

/**
 * Drag-and-drop (or pick) up to 12 photos, see them at once, put them in order and remove them.
 * Order changes by dragging a photo or, from the keyboard, with its move buttons.
 */
export function PhotoUploader({ photos, busy, serverError }: PhotoUploaderProps) {
  const { t } = useTranslation("fleet");
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // After a keyboard move the same button keeps focus, wherever its photo went.
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: "left" | "right" } | null>(null);
  const tiles = useRef(new Map<string, HTMLLIElement>());

  const { items, progress, problems } = photos;
  const full = items.length >= VEHICLE_IMAGES_MAX;

  useEffect(() => {
    if (!focusAfterMove) return;
    const tile = tiles.current.get(focusAfterMove.key);
    const button =
      tile?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]:not(:disabled)`) ??
      tile?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    button?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const addFiles = (files: FileList | File[] | null) => {
    if (!files || files.length === 0 || busy) return;
    // Said to a screen reader too: focus stays on the picker, and the new tiles say nothing themselves.
    void photos.add(Array.from(files)).then(({ added, total }) => {
      if (added > 0) setAnnouncement(t("photos.added", { count: added, total, max: VEHICLE_IMAGES_MAX }));
    });
    if (inputRef.current) inputRef.current.value = "";
  };

  const moveBy = (item: PhotoItem, index: number, delta: -1 | 1) => {
    const to = index + delta;
    photos.move(index, to);
    setFocusAfterMove({ key: item.key, direction: delta < 0 ? "left" : "right" });
    setAnnouncement(t("photos.moved", { position: to + 1, total: items.length }));
  };

  const removeAt = (item: PhotoItem, index: number) => {
    photos.remove(item.key);
    setAnnouncement(t("photos.removed", { position: index + 1 }));
    // Focus goes to the next photo's remove button, or the file picker when none is left.
    requestAnimationFrame(() => {
      const next = items[index + 1] ?? items[index - 1];
      const target = next && tiles.current.get(next.key)?.querySelector<HTMLButtonElement>("[data-remove]");
      (target ?? inputRef.current)?.focus();
    });
  };

  const onTileDragOver = (event: DragEvent, index: number) => {
    if (!dragKey) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    setDropIndex(index);
  };

  const onTileDrop = (event: DragEvent, index: number) => {
    if (!dragKey) return;
    event.preventDefault();
    event.stopPropagation();
    const from = items.findIndex((item) => item.key === dragKey);
    if (from >= 0 && from !== index) {
      photos.move(from, index);
      setAnnouncement(t("photos.moved", { position: index + 1, total: items.length }));
    }
    setDragKey(null);
    setDropIndex(null);
  };

  const problemText = problems.map((problem) => {
    const text = t(`api:${problem.key}`, problem.params);
    return problem.fileName ? `${problem.fileName}: ${text}` : text;
  });
  const describedBy = [hintId, problemText.length > 0 || serverError ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-4">
      <label
        htmlFor={inputId}
        onDragEnter={(event) => {
          if (dragKey || busy || !event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragOver={(event) => {
          if (dragKey || busy || !event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDropActive(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropActive(false);
        }}
        onDrop={(event) => {
          if (dragKey) return;
          event.preventDefault();
          setDropActive(false);
          addFiles(event.dataTransfer.files);
        }}
        data-testid="photo-dropzone"
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-7 text-center transition-colors",
          "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
          dropActive
            ? "border-brand-500 bg-brand-50"
            : problemText.length > 0 || serverError
              ? "border-red-400 bg-red-50/40 hover:bg-white"
              : "border-gray-300 bg-gray-50 hover:border-gray-400 hover:bg-white",
          (busy || full) && "cursor-not-allowed opacity-70",
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-xs ring-1 ring-gray-200">
          <ImagePlus aria-hidden="true" className="size-5" />
        </span>
        <span className="text-sm font-semibold text-gray-900">
          {full
            ? t("photos.full")
            : dropActive
              ? t("photos.dropNow")
              : photos.checking
                ? t("photos.checking")
                : t("photos.drop")}
        </span>
        <span id={hintId} className="max-w-md text-sm text-gray-600">
          {t("photos.hint", { max: VEHICLE_IMAGES_MAX, mb: VEHICLE_IMAGE_MAX_MB })}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          disabled={busy || full}
          // Named by the words it shows at rest, so a voice command of them reaches it (WCAG 2.5.3).
          aria-label={t("photos.drop")}
          aria-describedby={describedBy}
          aria-invalid={problemText.length > 0 || serverError ? true : undefined}
          className="sr-only"
          onChange={(event) => addFiles(event.target.files)}
        />
      </label>

      {(problemText.length > 0 || serverError) && (
        <div id={errorId} role="alert" className="flex flex-col gap-1 text-sm font-medium text-red-700">
          {[...(serverError ? [serverError] : []), ...problemText].map((text) => (
            <p key={text} className="flex items-start gap-1.5">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{text}</span>
            </p>
          ))}
        </div>
      )}

      {items.length > 0 && (
        <>
          <p className="text-sm text-gray-600">
            {t("photos.count", { count: items.length, max: VEHICLE_IMAGES_MAX })}
            <span aria-hidden="true"> · </span>
            {t("photos.coverHint")}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={t("photos.listLabel")}>
            {items.map((item, index) => (
              <PhotoTile
                key={item.key}
                item={item}
                index={index}
                count={items.length}
                busy={busy}
                fraction={item.kind === "new" ? progress[item.key] : undefined}
                dragged={dragKey === item.key}
                dropTarget={dropIndex === index && dragKey !== item.key}
                tileRef={(node) => {
                  if (node) tiles.current.set(item.key, node);
                  else tiles.current.delete(item.key);
                }}
                onDragStart={() => setDragKey(item.key)}
                onDragEnd={() => {
                  setDragKey(null);
                  setDropIndex(null);
                }}
                onDragOver={(event) => onTileDragOver(event, index)}
                onDrop={(event) => onTileDrop(event, index)}
                onMove={(delta) => moveBy(item, index, delta)}
                onRemove={() => removeAt(item, index)}
              />
            ))}
          </ul>
        </>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
