import type { Customer } from "@domain/customers";
import { ApiError, apiDownload } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { Download, UserX } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { exportPath, useEraseCustomer } from "./api";

/**
 * Downloads everything kept about the customer as a JSON file. Fetched first, so a failure is told
 * in a toast instead of leaving the owner on an error page or with a broken file.
 */
export function ExportButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const action = `customer-export:${customer.id}`;

  const download = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const blob = await apiDownload(exportPath(customer.id), "application/json", { endSessionOn401: false });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `cliente-${customer.id}-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify.success(action, t("export.done"));
    } catch {
      notify.error(action, t("export.error"));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void download()} loading={busy} title={t("export.hint")}>
      {!busy && <Download aria-hidden="true" className="size-4" />}
      {busy ? t("export.busy") : t("export.button")}
    </Button>
  );
}

/**
 * "Eliminar datos personales", confirmed in a dialog that says what goes, what stays and that it
 * cannot be undone. A refusal (a car of theirs out, a booking still ahead) is said in the dialog.
 */
export function EraseButton({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const erase = useEraseCustomer(customer.id);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (erase.isPending) return;
    setOpen(next);
    if (!next) setProblem(null);
  };

  // A double click's second click comes before `isPending` is drawn: this says it at once.
  const sending = useRef(false);
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    erase.mutate(undefined, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (answer) => {
        notify.success(`customer-erase:${customer.id}`, answer.message);
        setOpen(false);
      },
      onError: (failure) => {
        setProblem(
          failure instanceof ApiError && failure.status !== 0 && failure.status < 500
            ? failure.message
            : t("erase.error"),
        );
      },
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setOpen(true)}
      >
        <UserX aria-hidden="true" className="size-4" />
        {t("erase.button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        title={t("erase.title", { name: customer.name })}
        description={t("erase.intro")}
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={erase.isPending}>
              {t("translation:common.cancel")}
            </Button>
            <Button variant="danger" onClick={confirm} loading={erase.isPending}>
              {t("erase.confirm")}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-6 text-gray-700">
            <li>{t("erase.removed", { count: customer.bookings })}</li>
            <li>{t("erase.kept")}</li>
            <li>{t("erase.forgotten")}</li>
          </ul>
          {problem && <Alert>{problem}</Alert>}
        </div>
      </Dialog>
    </>
  );
}
