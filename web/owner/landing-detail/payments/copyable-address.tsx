import { CopyField } from "@web/ui/copy-field";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The address to paste into Stripe's webhook settings, with the events to send. */
export function CopyableAddress({ label, hint, address }: { label: string; hint: string; address: string }) {
  const { t } = useTranslation("landings");
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <CopyField
        id={id}
        value={address}
        describedBy={`${id}-hint`}
        copyLabel={t("payments.copy")}
        copied={t("payments.copied")}
        copyFailed={t("payments.copyFailed")}
        toast="webhook-copy"
      />
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
    </div>
  );
}
