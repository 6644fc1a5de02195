import { useState } from "react";
import { cn } from "../lib/cn";

type AvatarProps = {
  name: string;
  src?: string | null;
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
};

// The initials are sized on the spacing scale, as the circle is: the same sizes as text-xs to
// text-xl at 100 %, and where the spacing stops growing with the text (styles.css) they still fit
// their circle, which at 200 % text cut them off.
const sizes = {
  sm: "size-8 text-[length:calc(var(--spacing)*3)]",
  md: "size-10 text-[length:calc(var(--spacing)*3.5)]",
  lg: "size-16 text-[length:calc(var(--spacing)*4.5)]",
  xl: "size-20 text-[length:calc(var(--spacing)*5)]",
};

// Grapheme clusters, not code points: "Ñ", "👩🏽‍💻" or a flag are one letter each, so an initial is
// never half a character (Array.from splits an emoji with a skin tone or a ZWJ into pieces).
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function firstGrapheme(word: string): string {
  for (const { segment } of graphemes.segment(word)) return segment;
  return "";
}

/**
 * One or two initials: the first and last words' first characters, upper-cased ("?" when empty).
 * Punctuation and signs before a word are passed over ("Juan <Cohen>" is "JC", not "J<", as a
 * walk found); an emoji stays an initial ("Yanelis 🇩🇴" is "Y🇩🇴").
 */
export function initials(name: string): string {
  const typed = name.trim().split(/\s+/).filter(Boolean);
  // Punctuation and math or currency signs only: an emoji or a flag is an initial of its own.
  const lettered = typed.map((word) => word.replace(/^[\p{P}\p{Sm}\p{Sc}]+/u, "")).filter(Boolean);
  const words = lettered.length > 0 ? lettered : typed;
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => firstGrapheme(word ?? "").toUpperCase()).join("") || "?";
}

/** The owner's photo, or their initials when there is none (or it fails to load). */
export function Avatar({ name, src, size = "md", className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-black/5",
        sizes[size],
        className,
      )}
    >
      {showImage && src ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
