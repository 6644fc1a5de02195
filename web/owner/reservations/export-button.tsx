import { apiDownload } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { exportUrl, type ReservationFilters } from "./api";

type ExportButtonProps = {
  landing: { id: number; name: string; display_name: string };
  filters: ReservationFilters;
  /** Name the landing in the accessible name (several buttons on one page). */
  named?: boolean;
  className?: string;
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Downloads the landing's reservations that match the list's filters as CSV. Fetched first, so a
 * failure is told in a toast instead of leaving the owner on an error page or a broken file.
 */
export function ExportCsvButton({ landing, filters, named = false, className }: ExportButtonProps) {
  const { t } = useTranslation("reservations");
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const action = `reservations-export:${landing.id}`;

  const download = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      // A refusal, even a 401, is this button's to tell: the session watch decides about the session.
      const blob = await apiDownload(exportUrl(landing.id, filters), "text/csv", { endSessionOn401: false });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = t("export.filename", { landing: landing.name, date: today() });
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click returns; the address can go a moment later.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify.dismiss(action);
    } catch {
      notify.error(action, t("export.error"));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      onClick={() => void download()}
      loading={busy}
      title={t("export.hint")}
      className={className}
    >
      {!busy && <Download aria-hidden="true" className="size-4" />}
      {busy ? t("export.busy") : t("export.button")}
      {named && <span className="sr-only"> {t("export.forLanding", { name: landing.display_name })}</span>}
    </Button>
  );
}
