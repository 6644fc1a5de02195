import { useQuery } from "@tanstack/react-query";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { FormSection } from "@web/ui/form-section";
import { LanguageSwitch } from "@web/ui/language-switch";
import { LoadingScreen } from "@web/ui/loading-screen";
import { PageHeader } from "@web/ui/page-header";
import { useTranslation } from "react-i18next";
import { saveOwnerLanguage, useSession } from "../auth";
import { userQuery } from "./api";
import { SettingsForm } from "./settings-form";

export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = session?.userId ?? 0;
  const user = useQuery({ ...userQuery(userId), enabled: userId > 0 });

  return (
    <>
      <PageHeader title={t("titles.settings")} description={t("settings.description")} />
      {user.data ? (
        <SettingsForm key={user.data.id} user={user.data} />
      ) : user.isError ? (
        <Card>
          <ErrorState onRetry={() => void user.refetch()} retrying={user.isFetching} />
        </Card>
      ) : (
        <LoadingScreen />
      )}
      {/* Saved as it is chosen, not with the profile's "Save changes": the dashboard switches at once. */}
      <div className="mt-6">
        <FormSection title={t("settings.language.title")} description={t("settings.language.description")}>
          <LanguageSwitch onChoose={(language) => saveOwnerLanguage(userId, language)} />
        </FormSection>
      </div>
    </>
  );
}
