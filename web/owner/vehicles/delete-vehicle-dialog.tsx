import type { Vehicle } from "@domain/vehicles";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteVehicle } from "./api";

type DeleteVehicleDialogProps = {
  landingId: number;
  /** The vehicle to delete, as its landing's list read it (with its bookings ahead); null closes the dialog. */
  vehicle: (Vehicle & { bookings_ahead?: number }) | null;
  onClose: () => void;
};

/**
 * SPEC §2/§8: a red confirmation naming the vehicle, then a 3 s toast either way. A vehicle that
 * bookings still ahead keep is refused in the dialog itself: from the start when the list says so,
 * else with the server's answer (a booking made since the list was read).
 */
export function DeleteVehicleDialog({ landingId, vehicle, onClose }: DeleteVehicleDialogProps) {
  const { t } = useTranslation("fleet");
  // Keyed by the vehicle: a retry that works replaces the failure's toast.
  const action = `vehicle-delete:${vehicle?.id ?? 0}`;
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const remove = useDeleteVehicle(landingId, {
    onSuccess: () => {
      notify.success(action, t("delete.success"));
      close();
    },
    onError: (error) => {
      // Bookings still ahead keep the vehicle (409): the answer says how many and what to do,
      // in the dialog where the owner is looking (a toast over the sidebar was cramped and brief).
      if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
      else notify.error(action, t("delete.error"));
    },
  });

  const confirm = () => {
    if (vehicle) remove.mutate(vehicle.id);
  };

  const ahead = vehicle?.bookings_ahead ?? 0;
  const held =
    ahead > 0
      ? t(ahead === 1 ? "api:vehicleHasActiveBooking" : "api:vehicleHasActiveBookings", { count: ahead })
      : null;
  const refused = refusal ?? held;
  return (
    <ConfirmDialog
      open={vehicle !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) close();
      }}
      // Refused, it says so from its title on: "it will be deleted" beside "it cannot be" read as a contradiction.
      title={refused ? t("delete.refusedTitle", { name: vehicle?.name ?? "" }) : t("delete.title")}
      description={
        refused ? undefined : t("delete.description", { name: vehicle?.name ?? "", count: vehicle?.images.length ?? 0 })
      }
      confirmLabel={t("delete.confirm")}
      onConfirm={confirm}
      destructive
      pending={remove.isPending}
      refusal={refused}
    />
  );
}
