import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Spinner } from "@web/ui/spinner";
import { CarFront, LayoutTemplate } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The landing's vehicles and places are on their way. */
export function FormLoading() {
  const { t } = useTranslation("desk");
  return (
    <p className="flex items-center justify-center gap-2 py-10 text-sm text-gray-600" role="status">
      <Spinner className="size-4" />
      {t("states.loading")}
    </p>
  );
}

/** They could not be read: say so, and offer to ask again. */
export function FormLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("desk");
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
      <p className="font-medium text-gray-900">{t("states.loadError")}</p>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        {t("states.retry")}
      </Button>
    </div>
  );
}

/** Nothing to book yet: no landing, or a landing without vehicles or places; where to fix it. */
export function NothingToBook({
  reason,
  landingId,
}: {
  reason: "landings" | "vehicles" | "places";
  landingId?: number;
}) {
  const { t } = useTranslation("desk");
  const to =
    reason === "landings"
      ? "/landings"
      : reason === "vehicles"
        ? `/view-landing/${landingId}`
        : "/location-reservaction";
  const Icon = reason === "vehicles" ? CarFront : LayoutTemplate;
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm">
      <Icon aria-hidden="true" className="size-8 text-gray-400" />
      <p className="max-w-sm text-gray-700">{t(`states.no_${reason}`)}</p>
      <ButtonLink to={to} variant="secondary">
        {t(`states.fix_${reason}`)}
      </ButtonLink>
    </div>
  );
}
