import type { Landing } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "@web/owner/auth";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { LoadingScreen } from "@web/ui/loading-screen";
import { useTranslation } from "react-i18next";
import { paymentsQuery } from "./api";
import { PaymentSettingsForm } from "./payment-settings-form";
import { StripeAccount } from "./stripe-account";

/** The landing's "Pagos" tab (issue 27): the operator's Stripe account, then how bookings are paid. */
export function PaymentsTab({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const payments = useQuery({ ...paymentsQuery(userId, landing.id), enabled: userId > 0 });
  if (payments.isPending) return <LoadingScreen label={t("payments.loading")} />;
  if (payments.isError) {
    return (
      <Card>
        <ErrorState title={t("payments.loadError")} description={t("payments.loadErrorBody")}>
          <Button variant="secondary" onClick={() => void payments.refetch()} loading={payments.isFetching}>
            {t("payments.retry")}
          </Button>
        </ErrorState>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <StripeAccount landing={landing} payments={payments.data} />
      <PaymentSettingsForm
        key={`${landing.id}-${payments.data.account?.account_id ?? "none"}`}
        landing={landing}
        payments={payments.data}
      />
    </div>
  );
}
