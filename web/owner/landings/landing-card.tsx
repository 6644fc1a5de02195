import type { Landing } from "@domain/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CalendarCheck, CarFront, Eye, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { readableUrl } from "./format";
import { LandingLogo } from "./landing-logo";
import { StatusBadge } from "./status-badge";

/** One landing in the list: its brand, status and counts, and what the owner can do with it. */
export function LandingCard({ landing, onDelete }: { landing: Landing; onDelete: (landing: Landing) => void }) {
  const { t } = useTranslation("landings");
  const title = landing.display_name;
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="landing-card">
      <div className="relative">
        <LandingLogo
          src={landing.logo}
          color={landing.color_primary}
          className="h-28 w-full rounded-none px-10 py-6 ring-0"
        />
        <span className="absolute top-3 right-3">
          <StatusBadge status={landing.status} />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-gray-900" title={title}>
            {title}
          </h2>
          <p className="truncate text-sm text-gray-600" data-testid="landing-address">
            {readableUrl(landing.public_url)}
          </p>
        </div>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
          <li className="flex items-center gap-1.5">
            <CarFront aria-hidden="true" className="size-4 text-gray-500" />
            {t("counts.vehicles", { count: landing.vehicles_count })}
          </li>
          <li className="flex items-center gap-1.5">
            <CalendarCheck aria-hidden="true" className="size-4 text-gray-500" />
            {t("counts.reservations", { count: landing.reservations_count })}
          </li>
          <li className="ml-auto flex items-center gap-1" title={t("card.colors")}>
            <span className="sr-only">{t("card.colors")}</span>
            {(["color_primary", "color_secondary"] as const).map((key) => (
              <span
                key={key}
                className="size-4 rounded-full ring-1 ring-black/10 ring-inset"
                style={{ backgroundColor: landing[key] }}
              />
            ))}
          </li>
        </ul>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-gray-100 p-3">
        <ButtonLink to={`/view-landing/${landing.id}`} className="flex-1">
          {t("card.open")}
          <span className="sr-only"> {title}</span>
        </ButtonLink>
        <ButtonLink to={`/review-component/${landing.name}`} variant="secondary" className="flex-1">
          <Eye aria-hidden="true" className="size-4" />
          {t("card.preview")}
          <span className="sr-only"> {title}</span>
        </ButtonLink>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(landing)}
          aria-label={t("card.delete", { name: title })}
          title={t("card.delete", { name: title })}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </Card>
  );
}
