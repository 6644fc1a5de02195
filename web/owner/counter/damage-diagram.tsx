import type { DamageMark, DamageZone } from "@domain/counter";
import { cn } from "@web/lib/cn";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A zone's name with its side where it has one: "Puerta trasera (lado izquierdo)". */
export function zoneName(t: TFunction<"reservations">, zone: DamageZone): string {
  const side = zone.startsWith("left_") ? "left" : zone.startsWith("right_") ? "right" : null;
  const name = t(`counter.zones.${zone}`);
  return side ? `${name} (${t(`counter.sides.${side}`).toLowerCase()})` : name;
}

/**
 * The car drawn as its zones, seen from the left side, from above and from the right side (the
 * front at the top): tap a zone to add a mark there. Each zone is a button named in words, so the
 * diagram works with a keyboard and a screen reader; a zone already marked shows how many marks
 * it has, and marks made at check-out show in grey beside this handover's own.
 */
const LAYOUT: { column: "left" | "top" | "right"; zones: DamageZone[] }[] = [
  { column: "left", zones: ["left_front_wing", "left_front_door", "left_rear_door", "left_rear_wing"] },
  { column: "top", zones: ["front_bumper", "hood", "windshield", "roof", "rear_window", "trunk", "rear_bumper"] },
  { column: "right", zones: ["right_front_wing", "right_front_door", "right_rear_door", "right_rear_wing"] },
];

type DamageDiagramProps = {
  marks: DamageMark[];
  /** Marks recorded earlier (check-out's, at a check-in): shown, not changed. */
  earlier?: DamageMark[];
  onAdd?: (zone: DamageZone) => void;
  disabled?: boolean;
};

export function DamageDiagram({ marks, earlier = [], onAdd, disabled }: DamageDiagramProps) {
  const { t } = useTranslation("reservations");
  // Said to screen readers when a mark is added: the button keeps the focus and the new mark's
  // field is further down the page.
  const [added, setAdded] = useState("");
  const add = (zone: DamageZone) => {
    onAdd?.(zone);
    setAdded(t("counter.markAdded", { number: marks.length + 1, zone: zoneName(t, zone) }));
  };
  const count = (list: DamageMark[], zone: DamageZone) => list.filter((mark) => mark.zone === zone).length;
  const zoneButton = (zone: DamageZone, className: string) => {
    const own = count(marks, zone);
    const before = count(earlier, zone);
    return (
      <button
        key={zone}
        type="button"
        onClick={() => add(zone)}
        disabled={disabled || !onAdd}
        data-zone={zone}
        aria-label={
          own > 0
            ? t("counter.addMarkOnCounted", { zone: zoneName(t, zone), count: own })
            : t("counter.addMarkOn", { zone: zoneName(t, zone) })
        }
        className={cn(
          "relative flex min-h-11 items-center justify-center rounded-md border px-1 text-center text-[0.7rem] leading-tight font-medium",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          own > 0 ? "border-red-400 bg-red-50 text-red-900" : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50",
          className,
        )}
      >
        {t(`counter.zones.${zone}`)}
        {(own > 0 || before > 0) && (
          <span className="absolute -top-2 -right-1 flex gap-0.5" aria-hidden="true">
            {before > 0 && <span className="rounded-full bg-gray-500 px-1.5 text-[0.65rem] text-white">{before}</span>}
            {own > 0 && <span className="rounded-full bg-red-600 px-1.5 text-[0.65rem] text-white">{own}</span>}
          </span>
        )}
      </button>
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only" data-testid="damage-added">
        {added}
      </p>
      {/* The car's sides one under another where the text is large for the screen: side by side
          their parts' names pushed the page sideways. */}
      <div className="grid grid-cols-[1fr_1.3fr_1fr] gap-2 cramped:grid-cols-1" data-testid="damage-diagram">
        {LAYOUT.map(({ column, zones }) => (
          <div key={column} className="flex flex-col gap-1.5">
            <p className="text-center text-xs font-semibold text-gray-600">{t(`counter.sides.${column}`)}</p>
            <div
              className={cn(
                "flex flex-1 flex-col gap-1.5 border-2 border-gray-300 p-1.5",
                column === "top" ? "rounded-[2rem]" : "rounded-xl",
              )}
            >
              {zones.map((zone) => zoneButton(zone, "flex-1"))}
            </div>
          </div>
        ))}
      </div>
      {zoneButton("wheels", "")}
      {earlier.length > 0 && <p className="text-xs text-gray-600">{t("counter.earlierMarks")}</p>}
    </div>
  );
}
