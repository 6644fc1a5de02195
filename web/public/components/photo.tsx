import type { PublicVehicle } from "@domain/vehicles";
import * as lucide from "lucide-react";
import { keptIcon } from "./icons";

const CarFront = keptIcon(lucide.CarFront);

type Image = PublicVehicle["images"][number];

/**
 * A vehicle photo in a 4:3 box: the WebP variants in `srcset` with `sizes`, its width and height so
 * nothing moves while it loads, lazy unless it is above the fold.
 */
export function Photo({
  image,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  image: Image | undefined;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <div className={`flex aspect-[4/3] items-center justify-center bg-gray-100 text-gray-400 ${className}`}>
        <CarFront aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={image.path_images}
      srcSet={image.srcset || undefined}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={`aspect-[4/3] w-full bg-gray-100 object-cover ${className}`}
    />
  );
}
