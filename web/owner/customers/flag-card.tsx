import { type Customer, DO_NOT_RENT_REASON_MAX } from "@domain/customers";
import { textLength } from "@domain/text-length";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { CharCounter } from "@web/ui/char-counter";
import { Dialog } from "@web/ui/dialog";
import { TextareaField } from "@web/ui/textarea-field";
import { Ban, ShieldCheck } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSetDoNotRent } from "./api";
import { formatDay } from "./customer-parts";

/**
 * The "No rentar" mark: set with a confirmation that says what it does (and an internal reason),
 * or lifted with one. Set, the customer's next booking on any of the owner's landings is refused.
 */
export function FlagCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const language = currentLanguage();
  const [asking, setAsking] = useState(false);
  const marked = customer.do_not_rent;

  return (
    <Card className={marked ? "p-5 ring-2 ring-red-200" : "p-5"} data-testid="customer-flag">
      <div className="flex h-full flex-col gap-4">
        <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
          {marked ? (
            <Ban aria-hidden="true" className="size-4 text-red-600" />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-4 text-green-600" />
          )}
          {t("flag.title")}
        </h2>
        {marked ? (
          <div className="flex flex-col gap-3 text-sm">
            <p className="font-medium text-red-800">
              {t("flag.on", { date: formatDay(customer.do_not_rent_at, language, t("none")) })}
            </p>
            <div>
              <p className="text-xs font-medium text-gray-600">{t("flag.reason")}</p>
              <p className="mt-0.5 break-words whitespace-pre-line text-gray-900">
                {customer.do_not_rent_reason || <span className="text-gray-500">{t("flag.noReason")}</span>}
              </p>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <p className="text-gray-900">{t("flag.off")}</p>
            <p className="text-gray-600">{t("flag.offHint")}</p>
          </div>
        )}
        <div className="mt-auto flex justify-end">
          <Button variant={marked ? "secondary" : "danger"} onClick={() => setAsking(true)}>
            {marked ? (
              <ShieldCheck aria-hidden="true" className="size-4" />
            ) : (
              <Ban aria-hidden="true" className="size-4" />
            )}
            {marked ? t("flag.unmark") : t("flag.mark")}
          </Button>
        </div>
      </div>
      <FlagDialog customer={customer} open={asking} onOpenChange={setAsking} />
    </Card>
  );
}

/** The confirmation: marking says what the customer will see and takes the reason; lifting says it. */
function FlagDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("customers");
  const setFlag = useSetDoNotRent(customer.id);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const counterId = useId();
  const marking = !customer.do_not_rent;
  const tooLong = textLength(reason.trim()) > DO_NOT_RENT_REASON_MAX;

  const close = (next: boolean) => {
    if (setFlag.isPending) return;
    onOpenChange(next);
    if (!next) {
      setReason("");
      setProblem(null);
      setReasonError(null);
    }
  };

  // A double click's second click comes before `isPending` is drawn: this says it at once.
  const sending = useRef(false);
  const confirm = () => {
    if (sending.current || (marking && tooLong)) return;
    sending.current = true;
    setProblem(null);
    setFlag.mutate(
      { do_not_rent: marking, ...(marking && { reason }), version: customer.version },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (answer) => {
          notify.success(`customer-flag:${customer.id}`, answer.message);
          onOpenChange(false);
          setReason("");
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 422 && failure.fieldMessage("reason")) {
            setReasonError(failure.fieldMessage("reason") ?? null);
          } else if (failure instanceof ApiError && failure.status !== 0 && failure.status < 500) {
            setProblem(failure.message);
          } else setProblem(t("flag.error"));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={marking ? t("flag.markTitle", { name: customer.name }) : t("flag.unmarkTitle", { name: customer.name })}
      description={marking ? t("flag.markBody") : t("flag.unmarkBody")}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={setFlag.isPending}>
            {t("translation:common.cancel")}
          </Button>
          <Button
            variant={marking ? "danger" : "primary"}
            onClick={confirm}
            loading={setFlag.isPending}
            disabled={marking && tooLong}
          >
            {marking ? t("flag.confirmMark") : t("flag.confirmUnmark")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {marking && (
          <TextareaField
            label={t("flag.reasonLabel")}
            hint={t("flag.reasonHint")}
            error={reasonError ?? (tooLong ? t("api:customerReasonTooLong") : undefined)}
            labelAside={<CharCounter id={counterId} count={textLength(reason.trim())} max={DO_NOT_RENT_REASON_MAX} />}
            value={reason}
            rows={3}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
        )}
        {problem && <Alert>{problem}</Alert>}
      </div>
    </Dialog>
  );
}
