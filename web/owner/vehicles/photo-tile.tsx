import { cn } from "@web/lib/cn";
import { ArrowLeft, ArrowRight, CircleCheck, Trash2 } from "lucide-react";
import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PhotoItem } from "./photo-list";

const toolButton =
  "flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-600 transition-colors hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

type PhotoTileProps = {
  item: PhotoItem;
  index: number;
  /** How many photos there are: the last one cannot move right. */
  count: number;
  busy: boolean;
  /** How much of a new photo has gone up while saving (0 to 1). */
  fraction: number | undefined;
  /** This photo is the one being dragged. */
  dragged: boolean;
  /** A dragged photo would land here. */
  dropTarget: boolean;
  tileRef: (node: HTMLLIElement | null) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/**
 * One photo of the uploader: its picture (the first is the cover), a new one's upload progress
 * while saving, and its move and remove buttons; it can be dragged to another place.
 */
export function PhotoTile({
  item,
  index,
  count,
  busy,
  fraction,
  dragged,
  dropTarget,
  tileRef,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
  onMove,
  onRemove,
}: PhotoTileProps) {
  const { t } = useTranslation("fleet");
  const src = item.kind === "new" ? item.url : item.image.path_images;
  const uploading = busy && item.kind === "new";
  const percent = Math.round((fraction ?? 0) * 100);
  const name = item.kind === "new" ? item.file.name : t("photos.saved");
  return (
    <li
      ref={tileRef}
      draggable={!busy}
      onDragStart={(event) => {
        onDragStart();
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", item.key);
      }}
      onDragEnd={onDragEnd}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="photo-tile"
      className={cn(
        "group flex flex-col overflow-hidden rounded-lg border bg-white shadow-xs transition",
        !busy && "cursor-grab active:cursor-grabbing",
        dragged && "opacity-50",
        dropTarget ? "border-brand-500 ring-2 ring-brand-500/30" : "border-gray-200",
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
              <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
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
            onClick={() => onMove(-1)}
            aria-label={t("photos.moveLeft", { position: index + 1 })}
            title={t("photos.moveLeft", { position: index + 1 })}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            data-move="right"
            className={toolButton}
            disabled={busy || index === count - 1}
            onClick={() => onMove(1)}
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
          onClick={onRemove}
          aria-label={t("photos.remove", { position: index + 1 })}
          title={t("photos.remove", { position: index + 1 })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
