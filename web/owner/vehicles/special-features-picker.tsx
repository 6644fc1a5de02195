import { useQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { Spinner } from "@web/ui/spinner";
import { Check, Plus, RotateCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FeatureDialog, specialFeaturesQuery } from "../features";

type SpecialFeaturesPickerProps = {
  value: number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
  labelId: string;
};

/** The owner's special features as chips: pressed ones are assigned to the vehicle when it is saved. */
export function SpecialFeaturesPicker({ value, onChange, disabled, labelId }: SpecialFeaturesPickerProps) {
  const { t } = useTranslation("fleet");
  const features = useQuery(specialFeaturesQuery());
  // A feature is created here, in a dialog over the vehicle's form: a link to Características left
  // the form, and what was typed into it was lost (a walk's finding).
  const [adding, setAdding] = useState(false);
  const addFeature = (
    <>
      <Button variant="ghost" onClick={() => setAdding(true)} disabled={disabled} className="self-start">
        <Plus aria-hidden="true" className="size-4" />
        {t("special.add")}
      </Button>
      <FeatureDialog open={adding} onOpenChange={setAdding} onCreated={(feature) => onChange([...value, feature.id])} />
    </>
  );

  if (features.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
        <Spinner />
        {t("special.loading")}
      </p>
    );
  }
  if (features.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        <span>{t("special.loadError")}</span>
        <Button variant="secondary" onClick={() => void features.refetch()} loading={features.isFetching}>
          {!features.isFetching && <RotateCw aria-hidden="true" className="size-4" />}
          {t("translation:common.retry")}
        </Button>
      </div>
    );
  }
  if (features.data.length === 0) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm text-gray-600">{t("special.none")}</p>
        {addFeature}
      </div>
    );
  }

  const selected = new Set(value);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-2" aria-labelledby={labelId}>
        {features.data.map((feature) => {
          const pressed = selected.has(feature.id);
          return (
            <li key={feature.id}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={disabled}
                title={feature.description}
                onClick={() => onChange(pressed ? value.filter((id) => id !== feature.id) : [...value, feature.id])}
                className={cn(
                  // Where its words wrap (a narrow screen), the pill's ends are a line's curve, not half of an oval.
                  "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors cramped:rounded-[1em]",
                  "disabled:cursor-not-allowed disabled:opacity-60",
                  pressed
                    ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
                    : "border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:bg-gray-50",
                )}
              >
                {pressed ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Plus aria-hidden="true" className="size-4 text-gray-500" />
                )}
                {feature.name}
              </button>
            </li>
          );
        })}
      </ul>
      {addFeature}
    </div>
  );
}
