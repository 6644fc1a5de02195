import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Card } from "../../ui/card";
import { ErrorState } from "../../ui/error-state";
import { LoadingScreen } from "../../ui/loading-screen";
import { PageHeader } from "../../ui/page-header";
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
