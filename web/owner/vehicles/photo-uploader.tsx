import { ArrowLeft, ArrowRight, CircleAlert, CircleCheck, ImagePlus, Trash2 } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ACCEPTED_IMAGE_TYPES } from "../../../domain/limits";
import { VEHICLE_IMAGES_MAX } from "../../../domain/vehicles";
import { cn } from "../../lib/cn";
import type { PhotoItem, PhotoList } from "./photo-list";
import { VEHICLE_IMAGE_MAX_MB } from "./photo-list";

type PhotoUploaderProps = {
  photos: PhotoList;
  /** True while the form is saving: photos cannot change and new ones show their progress. */
  busy: boolean;
  /** A message from the server about the photos. */
  serverError?: string;
};

const toolButton =
  "flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-600 transition-colors hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

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
    void photos.add(Array.from(files));
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
          aria-label={t("photos.choose")}
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
            {items.map((item, index) => {
              const src = item.kind === "new" ? item.url : item.image.path_images;
              const fraction = item.kind === "new" ? progress[item.key] : undefined;
              const uploading = busy && item.kind === "new";
              const percent = Math.round((fraction ?? 0) * 100);
              const name = item.kind === "new" ? item.file.name : t("photos.saved");
              return (
                <li
                  key={item.key}
                  ref={(node) => {
                    if (node) tiles.current.set(item.key, node);
                    else tiles.current.delete(item.key);
                  }}
                  draggable={!busy}
                  onDragStart={(event) => {
                    setDragKey(item.key);
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", item.key);
                  }}
                  onDragEnd={() => {
                    setDragKey(null);
                    setDropIndex(null);
                  }}
                  onDragOver={(event) => onTileDragOver(event, index)}
                  onDrop={(event) => onTileDrop(event, index)}
                  data-testid="photo-tile"
                  className={cn(
                    "group flex flex-col overflow-hidden rounded-lg border bg-white shadow-xs transition",
                    !busy && "cursor-grab active:cursor-grabbing",
                    dragKey === item.key && "opacity-50",
                    dropIndex === index && dragKey !== item.key
                      ? "border-brand-500 ring-2 ring-brand-500/30"
                      : "border-gray-200",
                  )}
                >
                  <div className="relative aspect-[4/3] overflow-hidden bg-gray-100 text-xs [overflow-wrap:anywhere] text-gray-500">
                    <img
                      src={src}
                      srcSet={item.kind === "saved" ? item.image.srcset : undefined}
                      sizes="(min-width: 1280px) 12rem, (min-width: 640px) 30vw, 45vw"
                      alt={t("photos.alt", { position: index + 1, name })}
                      draggable={false}
                      className="size-full object-cover"
                    />
                    {index === 0 && (
                      <span className="absolute top-2 left-2 rounded-md bg-gray-900/80 px-2 py-0.5 text-xs font-semibold text-white">
                        {t("photos.cover")}
                      </span>
                    )}
                    {uploading && (
                      <div className="absolute inset-x-0 bottom-0 bg-gray-900/70 px-2.5 py-2 text-white">
                        <div className="flex items-center justify-between text-xs font-semibold">
                          <span>{percent === 100 ? t("photos.processing") : t("photos.uploading")}</span>
                          {percent === 100 ? (
                            <CircleCheck aria-hidden="true" className="size-4" />
                          ) : (
                            <span className="tabular-nums">{percent} %</span>
                          )}
                        </div>
                        <div
                          role="progressbar"
                          aria-label={t("photos.progressLabel", { name })}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={percent}
                          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white/30"
                        >
                          <div
                            className="h-full rounded-full bg-white transition-[width]"
                            style={{ width: `${percent}%` }}
                          />
                        </div>
                      </div>
                    )}
                    {item.kind === "new" && !busy && (
                      <span className="absolute top-2 right-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-semibold text-brand-700 shadow-xs">
                        {t("photos.new")}
                      </span>
                    )}
                  </div>
                  <div className="flex items-center justify-between border-t border-gray-100 px-0.5">
                    <div className="flex">
                      <button
                        type="button"
                        data-move="left"
                        className={toolButton}
                        disabled={busy || index === 0}
                        onClick={() => moveBy(item, index, -1)}
                        aria-label={t("photos.moveLeft", { position: index + 1 })}
                        title={t("photos.moveLeft", { position: index + 1 })}
                      >
                        <ArrowLeft aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        data-move="right"
                        className={toolButton}
                        disabled={busy || index === items.length - 1}
                        onClick={() => moveBy(item, index, 1)}
                        aria-label={t("photos.moveRight", { position: index + 1 })}
                        title={t("photos.moveRight", { position: index + 1 })}
                      >
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                    <button
                      type="button"
                      data-remove
                      className={cn(toolButton, "hover:bg-red-50 hover:text-red-700")}
                      disabled={busy}
                      onClick={() => removeAt(item, index)}
                      aria-label={t("photos.remove", { position: index + 1 })}
                      title={t("photos.remove", { position: index + 1 })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
