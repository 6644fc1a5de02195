import { useQuery } from "@tanstack/react-query";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { LoadingScreen } from "@web/ui/loading-screen";
import { PageHeader } from "@web/ui/page-header";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
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
    </>
  );
}
