import { Search, X } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { inputClasses } from "./input";

type SearchInputProps = Omit<ComponentProps<"input">, "type" | "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name; the placeholder says the same for sighted users. */
  label: string;
};

/** A search box with a clear button; filtering happens as the owner types. */
export function SearchInput({ value, onValueChange, label, className, ...props }: SearchInputProps) {
  const { t } = useTranslation("landings");
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn(inputClasses, "pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden")}
        {...props}
      />
      {value && (
        <button
          type="button"
          onClick={() => onValueChange("")}
          aria-label={t("ui.clearSearch")}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
