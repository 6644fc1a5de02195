import { RULE_NOTE_MAX } from "@domain/rental-rules";
import { blockTooManyUnitsKey, vehicleBlockInputSchema } from "@domain/rental-rules-schemas";
import type { Vehicle } from "@domain/vehicles";
import { zodResolver } from "@hookform/resolvers/zod";
import { displayMessage } from "@web/i18n/messages";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { TextField } from "@web/ui/text-field";
import { Plus } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useAddBlock } from "./api";

type BlockValues = { from: string; to: string; units: string; note: string };
const EMPTY: BlockValues = { from: "", to: "", units: "1", note: "" };

/** Adds one blocked period: from and to (both included), how many units, and why (optional). */
export function BlockAddForm({ landingId, vehicle }: { landingId: number; vehicle: Vehicle }) {
  const { t } = useTranslation("fleet");
  const titleId = useId();
  const add = useAddBlock(landingId, vehicle.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BlockValues>({
    // Raw: the form keeps what was typed; the server reads the same text the same way.
    resolver: zodResolver(vehicleBlockInputSchema, undefined, { raw: true }) as unknown as Resolver<BlockValues>,
    defaultValues: EMPTY,
  });
  const error = (field: keyof BlockValues) =>
    // The schema's range is any vehicle's; the owner is told this one's (a walk's finding: "from 1
    // to 1,000" under a hint that said "from 1 to 2").
    field === "units" && errors.units?.message === "unitsRange"
      ? t("blocks.unitsRange", { count: vehicle.units })
      : displayMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (values) => {
    // The server says the same; said here at once, with the vehicle's number of units.
    if (Number(values.units) > vehicle.units) {
      const message = t(`api:${blockTooManyUnitsKey(vehicle.units)}`, { units: vehicle.units });
      setError("units", { message }, { shouldFocus: true });
      return;
    }
    const action = `block-add:${vehicle.id}`;
    try {
      await add.mutateAsync({ ...values, note: values.note.trim() });
      notify.success(action, t("blocks.added"));
      reset(EMPTY);
    } catch (failure) {
      if (!applyFieldErrors(failure, setError, ["from", "to", "units", "note"])) {
        notify.error(action, t("blocks.addError"));
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-gray-50/60 p-4"
    >
      <h4 id={titleId} className="text-sm font-semibold text-gray-900">
        {t("blocks.addTitle")}
      </h4>
      {/* The dates side by side, or one under the other on a screen narrow for its text (a 320 px
          phone at 200 %), where "Hasta (incluido)" ran over the form's edge. */}
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 cramped:grid-cols-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem]">
        <TextField type="date" className="px-2" label={t("blocks.from")} error={error("from")} {...register("from")} />
        <TextField type="date" className="px-2" label={t("blocks.to")} error={error("to")} {...register("to")} />
        <div className="col-span-2 cramped:col-span-1 sm:col-span-1">
          <TextField
            label={t("blocks.unitsLabel")}
            hint={t("blocks.unitsHint", { count: vehicle.units })}
            inputMode="numeric"
            autoComplete="off"
            error={error("units")}
            {...register("units")}
          />
        </div>
        <div className="col-span-2 cramped:col-span-1 sm:col-span-3">
          <TextField
            label={t("blocks.note")}
            longPlaceholder={t("blocks.notePlaceholder")}
            maxLength={RULE_NOTE_MAX}
            autoComplete="off"
            error={error("note")}
            {...register("note")}
          />
        </div>
      </div>
      <div className="flex sm:justify-end">
        <Button type="submit" variant="secondary" loading={add.isPending} className="w-full sm:w-auto">
          {!add.isPending && <Plus aria-hidden="true" className="size-4" />}
          {t("blocks.add")}
        </Button>
      </div>
    </form>
  );
}
