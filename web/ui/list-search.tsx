import { Search, X } from "lucide-react";
import { useId, useRef } from "react";
import { cn } from "../lib/cn";
import { useNarrowText } from "../lib/use-media-query";
import { inputClasses } from "./input";

type ListSearchProps = {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name and placeholder, e.g. "Search vehicles". */
  label: string;
  clearLabel: string;
  className?: string;
};

/**
 * The search box above a list: filters as the owner types; Escape or the cross clears it. Its name
 * is its placeholder, except on a screen narrow for its text (a 320 px phone at 200 %), where the
 * field cut it ("Buscar caracterís"): there it is a label above the field, where its words wrap.
 */
export function ListSearch({ value, onChange, label, clearLabel, className }: ListSearchProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const narrow = useNarrowText();
  return (
    <div className={cn("flex w-full flex-col gap-1.5 sm:w-72", className)}>
      {narrow && (
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
      )}
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        />
        <input
          ref={inputRef}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && value) {
              event.preventDefault();
              onChange("");
            }
          }}
          id={id}
          aria-label={narrow ? undefined : label}
          placeholder={narrow ? undefined : label}
          className={cn(inputClasses, "pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden")}
        />
        {value && (
          <button
            type="button"
            onClick={() => {
              onChange("");
              inputRef.current?.focus();
            }}
            aria-label={clearLabel}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Case- and accent-insensitive "contains", for filtering lists by what the owner types; dashes and
 * underscores read as spaces, so "caribe autos" finds the address caribe-autos.
 */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[-_]+/g, " ");
  const needle = fold(query.trim());
  if (!needle) return true;
  return texts.some((text) => text && fold(text).includes(needle));
}
