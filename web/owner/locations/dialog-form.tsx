import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import { amountInputText, currencySymbol } from "@web/lib/format";
import { AdornedInput } from "@web/ui/adorned-input";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import type { ComponentProps, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";

type DialogFormProps = {
  /** Whether the dialog shows; closing it is left to onClose. */
  open: boolean;
  onClose: () => void;
  /** While the save runs the dialog stays open: Escape, the close button and Cancel do nothing. */
  pending: boolean;
  title: string;
  description?: ReactNode;
  /** Ties the footer's save button, outside the form, to it. */
  formId: string;
  saveLabel: string;
  className?: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
};

/** A dialog of the locations page whose body is one form, saved with the footer's button. */
export function DialogForm({
  open,
  onClose,
  pending,
  title,
  description,
  formId,
  saveLabel,
  className,
  onSubmit,
  children,
}: DialogFormProps) {
  const { t } = useTranslation("fleet");
  const close = (next: boolean) => {
    if (!next && !pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? t("form.saving") : saveLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

type AmountInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "prefix"> & {
  value: string;
  onValueChange: (value: string) => void;
  currency: string;
  language: Language;
  ref?: Ref<HTMLInputElement>;
};

/** A fee typed as text; once left, it is shown as it was understood ("1.250,50" -> "1,250.50"). */
export function AmountInput({ value, onValueChange, currency, language, ...props }: AmountInputProps) {
  return (
    <AdornedInput
      {...props}
      prefix={currencySymbol(currency, language)}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        const parsed = parseMoney(event.target.value);
        if (event.target.value.trim() !== "" && parsed.ok) onValueChange(amountInputText(parsed.cents, language));
      }}
    />
  );
}
