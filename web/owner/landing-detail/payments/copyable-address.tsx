import { LabelledCopyField } from "@web/ui/copy-field";
import { useTranslation } from "react-i18next";

/** The address to paste into Stripe's webhook settings, with the events to send. */
export function CopyableAddress({ label, hint, address }: { label: string; hint: string; address: string }) {
  const { t } = useTranslation("landings");
  return (
    <LabelledCopyField
      label={label}
      hint={hint}
      value={address}
      copyLabel={t("payments.copy")}
      copied={t("payments.copied")}
      copyFailed={t("payments.copyFailed")}
      toast="webhook-copy"
    />
  );
}
