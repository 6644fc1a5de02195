import type { PublicVehicle } from "@domain/vehicles";
import * as lucide from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { usePage } from "../context";
import { keptIcon } from "./icons";
import { Photo } from "./photo";

const ChevronLeft = keptIcon(lucide.ChevronLeft);
const ChevronRight = keptIcon(lucide.ChevronRight);

const SIZES = "(min-width: 1024px) 720px, 100vw";

/**
 * The vehicle's photos in a CSS scroll-snap strip: swiping and scrolling need no JavaScript, later
 * photos load lazily. With JavaScript, arrows, the arrow keys and the thumbnails move one photo.
 */
export function Carousel({ vehicle }: { vehicle: PublicVehicle }) {
  const { t } = usePage();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The photo an arrow, a key or a thumbnail is scrolling to: the smooth scroll passes the photos
  // before it, which must not pull the position back (a second press would then go the wrong way).
  const scrollingTo = useRef<number | null>(null);
  const images = vehicle.images;
  const total = images.length;

  const go = (target: number) => {
    const element = strip.current;
    if (!element || total === 0) return;
    const next = Math.max(0, Math.min(total - 1, target));
    scrollingTo.current = next;
    element.scrollTo({ left: next * element.clientWidth, behavior: "smooth" });
    setIndex(next);
  };
  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const at = element.scrollLeft / element.clientWidth;
    if (scrollingTo.current !== null) {
      if (Math.abs(at - scrollingTo.current) > 0.02) return;
      scrollingTo.current = null;
    }
    setIndex(Math.round(at));
  };
  // A finger or a wheel takes over from an unfinished smooth scroll.
  const release = () => {
    scrollingTo.current = null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(index + 1);
    else if (event.key === "ArrowLeft") go(index - 1);
    else return;
    event.preventDefault();
  };

  if (total === 0) return <Photo image={undefined} alt="" sizes={SIZES} className="rounded-2xl" />;

  return (
    <section aria-roledescription="carousel" aria-label={t.vehicle.photos} data-testid="carousel">
      {/* The arrows and the "Foto 1 de 12" badge sit on the photo, never on the thumbnails below it. */}
      <div className="relative">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the focusable strip scrolls with the arrow keys (WAI-ARIA APG carousel). */}
        <div
          ref={strip}
          // The strip scrolls with the keyboard when focused; one photo has nowhere to go, so no stop.
          tabIndex={total > 1 ? 0 : undefined}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          onPointerDown={release}
          onTouchStart={release}
          onWheel={release}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-gray-100 [scrollbar-width:none]"
          data-testid="carousel-strip"
        >
          {images.map((image, position) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a labelled group (WAI-ARIA APG carousel), not a form fieldset.
            <div
              key={image.id}
              className="w-full shrink-0 snap-start snap-always"
              role="group"
              aria-roledescription="slide"
              aria-label={t.vehicle.photo(position + 1, total)}
            >
              <Photo
                image={image}
                alt={position === 0 ? vehicle.name : `${vehicle.name} — ${t.vehicle.photo(position + 1, total)}`}
                sizes={SIZES}
                eager={position === 0}
              />
            </div>
          ))}
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              // Marked, not disabled: a disabled button drops the keyboard's focus to the page.
              aria-disabled={index === 0}
              aria-label={t.vehicle.previous}
              className="absolute top-1/2 left-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md aria-disabled:opacity-40 [.hydrated_&]:flex"
              data-testid="carousel-previous"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-disabled={index === total - 1}
              aria-label={t.vehicle.next}
              className="absolute top-1/2 right-3 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md aria-disabled:opacity-40 [.hydrated_&]:flex"
              data-testid="carousel-next"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-full bg-gray-900/80 px-3 py-1 text-sm font-medium text-white tabular-nums"
              aria-live="polite"
              data-testid="carousel-position"
            >
              {t.vehicle.photo(index + 1, total)}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="mt-3 hidden gap-2 overflow-x-auto p-1 sm:[.hydrated_&]:flex">
          {images.map((image, position) => (
            <li key={image.id} className="w-20 shrink-0">
              <button
                type="button"
                onClick={() => go(position)}
                aria-label={t.vehicle.photo(position + 1, total)}
                aria-current={position === index ? "true" : undefined}
                className={`block w-full overflow-hidden rounded-lg ring-2 ${position === index ? "ring-(--brand-ink)" : "ring-transparent"}`}
              >
                <img
                  src={image.path_images}
                  srcSet={image.srcset || undefined}
                  sizes="80px"
                  width={image.width}
                  height={image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
