import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ArrowLeft, Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { HOME_PATH } from "../auth";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Card className="mt-4">
      <EmptyState
        icon={Compass}
        headingLevel="h1"
        title={t("notFound.title")}
        description={t("notFound.body")}
        action={
          <ButtonLink to={HOME_PATH}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("notFound.back")}
          </ButtonLink>
        }
      />
    </Card>
  );
}
