import { formatDate } from "@domain/date-format";
import type { VehicleBlock } from "@domain/rental-rules-schemas";
import type { Vehicle } from "@domain/vehicles";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { ErrorState } from "@web/ui/error-state";
import { Spinner } from "@web/ui/spinner";
import { CalendarOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormSection } from "../form-section";
import { blocksQuery, useDeleteBlock } from "./api";
import { BlockAddForm } from "./block-add-form";

/**
 * A vehicle's blocked periods (maintenance, repairs): units out between two dates, both included.
 * They count in availability like reservations. Added and deleted at once (no Save button): each
 * is its own record, and deleting one asks first, naming the period.
 */
export function BlocksPanel({ landingId, vehicle }: { landingId: number; vehicle: Vehicle }) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const blocks = useQuery(blocksQuery(landingId, vehicle.id));
  const remove = useDeleteBlock(landingId, vehicle.id);
  const [deleting, setDeleting] = useState<VehicleBlock | null>(null);

  const period = (block: VehicleBlock) =>
    block.from === block.to
      ? formatDate(block.from, language)
      : t("blocks.period", { from: formatDate(block.from, language), to: formatDate(block.to, language) });

  /** The same period inside a sentence: "del 01-03-2027 al 05-03-2027", "el 10-06-2027". */
  const inlinePeriod = (block: VehicleBlock) =>
    block.from === block.to
      ? t("blocks.dayInline", { date: formatDate(block.from, language) })
      : t("blocks.periodInline", { from: formatDate(block.from, language), to: formatDate(block.to, language) });

  const confirmDelete = () => {
    if (!deleting) return;
    const action = `block-delete:${deleting.id}`;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(action, t("blocks.deleted"));
        setDeleting(null);
      },
      onError: () => notify.error(action, t("blocks.deleteError")),
    });
  };

  const list = blocks.data ?? [];
  return (
    <FormSection title={t("blocks.title")} description={t("blocks.body")}>
      <div className="flex flex-col gap-5">
        {blocks.isPending ? (
          <p role="status" className="flex items-center gap-2.5 py-4 text-sm text-gray-600">
            <Spinner className="text-brand-600" />
            {t("blocks.loading")}
          </p>
        ) : blocks.isError ? (
          <ErrorState
            title={t("blocks.loadError")}
            description={t("tab.loadErrorBody")}
            onRetry={() => void blocks.refetch()}
            retrying={blocks.isFetching}
          />
        ) : list.length === 0 ? (
          <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
            <CalendarOff aria-hidden="true" className="size-5 text-gray-400" />
            {t("blocks.empty")}
          </p>
        ) : (
          <ul
            className="divide-y divide-gray-100 rounded-lg border border-gray-200"
            aria-label={t("blocks.listLabel", { name: vehicle.name })}
          >
            {list.map((block) => (
              <li key={block.id} className="flex items-center gap-3 py-2 pr-1 pl-3" data-testid="block-row">
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="text-sm font-medium text-gray-900">{period(block)}</span>
                  <span className="text-sm text-gray-600">
                    {t("blocks.units", { count: block.units })}
                    {block.note ? ` · ${block.note}` : ""}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setDeleting(block)}
                  aria-label={t("blocks.delete", { period: period(block) })}
                  title={t("blocks.deleteShort")}
                  className="shrink-0 text-gray-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <BlockAddForm landingId={landingId} vehicle={vehicle} />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t("blocks.deleteTitle")}
        description={t("blocks.deleteBody", {
          period: deleting ? inlinePeriod(deleting) : "",
          units: deleting ? t("blocks.units", { count: deleting.units }) : "",
          name: vehicle.name,
        })}
        confirmLabel={t("blocks.deleteConfirm")}
        onConfirm={confirmDelete}
        destructive
        pending={remove.isPending}
      />
    </FormSection>
  );
}
