import { CircleHelp, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { PageHeader } from "./page-header";

type ComingSoonProps = {
  /** The i18n prefix of the section, e.g. "landings": reads `.title`, `.description`, `.soonTitle`, `.soonBody`. */
  section: string;
  icon: LucideIcon;
};

/** A section of the dashboard that a later release fills: a real page that says so plainly. */
export function ComingSoon({ section, icon }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`${section}.title`)} description={t(`${section}.description`)} />
      <Card>
        <EmptyState
          icon={icon}
          badge={t("comingSoon.badge")}
          title={t(`${section}.soonTitle`)}
          description={t(`${section}.soonBody`)}
          action={
            <ButtonLink to="/help" variant="secondary">
              <CircleHelp aria-hidden="true" className="size-4" />
              {t("comingSoon.readHelp")}
            </ButtonLink>
          }
        />
      </Card>
    </>
  );
}
