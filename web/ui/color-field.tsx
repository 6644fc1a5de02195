import { fullHex } from "@domain/colors";
import { Check } from "lucide-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { Field } from "./field";
import { Input } from "./input";

const HEX = /^#[0-9a-f]{6}$/i;

/** Brand colours that read well; one tap sets them, the picker and hex field allow any other. */
export const COLOR_PRESETS = ["#1d4ed8", "#0f766e", "#b91c1c", "#f59e0b", "#7c3aed", "#0f172a"] as const;

/** The presets' names (landings' ui.colorNames), so a screen reader says "Azul", not "#1D4ED8". */
const PRESET_NAMES: Record<string, "blue" | "teal" | "red" | "amber" | "violet" | "midnight"> = {
  "#1d4ed8": "blue",
  "#0f766e": "teal",
  "#b91c1c": "red",
  "#f59e0b": "amber",
  "#7c3aed": "violet",
  "#0f172a": "midnight",
};

type ColorFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  hint?: string;
  error?: string;
  presets?: readonly string[];
  /** The hex field, for a form to focus when the colour is what stops it from saving. */
  inputRef?: Ref<HTMLInputElement>;
};

/** A colour as a native picker, a #RRGGBB text field and a few presets, all kept in step. */
export function ColorField({
  label,
  value,
  onChange,
  onBlur,
  name,
  hint,
  error,
  presets = COLOR_PRESETS,
  inputRef,
}: ColorFieldProps) {
  const { t } = useTranslation("landings");
  const valid = HEX.test(value);
  const typed = (text: string) => {
    const trimmed = text.trim();
    // "1d4ed8" pasted without its hash is still a colour.
    onChange(/^[0-9a-f]{6}$/i.test(trimmed) ? `#${trimmed}` : trimmed);
  };
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <span
              className={cn(
                "relative flex size-11 shrink-0 overflow-hidden rounded-lg border border-gray-300 shadow-xs",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                !valid && "bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:12px_12px]",
              )}
              style={valid ? { backgroundColor: value } : undefined}
            >
              <input
                type="color"
                aria-label={t("ui.colorPicker", { label })}
                value={valid ? value.toLowerCase() : "#ffffff"}
                onChange={(event) => onChange(event.target.value)}
                onBlur={onBlur}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
              />
            </span>
            <Input
              {...control}
              ref={inputRef}
              name={name}
              value={value}
              onChange={(event) => typed(event.target.value)}
              onBlur={() => {
                // The short form is read once typing stops: "#0a7" may still be on its way to "#0a7f3c".
                if (fullHex(value) !== value) onChange(fullHex(value));
                onBlur?.();
              }}
              placeholder="#RRGGBB"
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              className="max-w-[9rem] font-mono uppercase placeholder:normal-case"
            />
          </div>
          {presets.length > 0 && (
            <fieldset className="flex min-w-0 flex-wrap items-center gap-0.5">
              <legend className="sr-only">{t("ui.colorPresets", { label })}</legend>
              {presets.map((preset) => {
                const selected = valid && value.toLowerCase() === preset;
                const hex = preset.replace("#", "").toUpperCase();
                const known = PRESET_NAMES[preset.toLowerCase()];
                // "Azul (Color principal)": the colour and which of the landing's colours it sets;
                // a preset without a name says its code ("Color 1D4ED8").
                const colorName = known ? t(`ui.colorNames.${known}`) : t("ui.colorCode", { hex });
                return (
                  <button
                    key={preset}
                    type="button"
                    onClick={() => onChange(preset)}
                    aria-pressed={selected}
                    aria-label={t("ui.colorPreset", { color: colorName, label })}
                    title={known ? `${colorName} · #${hex}` : `#${hex}`}
                    className="flex size-11 items-center justify-center rounded-lg hover:bg-gray-100"
                  >
                    <span
                      className="flex size-7 items-center justify-center rounded-full ring-1 ring-black/10 ring-inset"
                      style={{ backgroundColor: preset }}
                    >
                      {selected && <Check aria-hidden="true" className="size-4 text-white" strokeWidth={3} />}
                    </span>
                  </button>
                );
              })}
            </fieldset>
          )}
        </div>
      )}
    </Field>
  );
}
