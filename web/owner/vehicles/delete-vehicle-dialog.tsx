import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { TOAST_MS } from "../../../domain/limits";
import type { Vehicle } from "../../../domain/vehicles";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { useDeleteVehicle } from "./api";

type DeleteVehicleDialogProps = {
  landingId: number;
  /** The vehicle to delete; null closes the dialog. */
  vehicle: Vehicle | null;
  onClose: () => void;
};

/** SPEC §2/§8: a red confirmation naming the vehicle, then a 3 s toast either way. */
export function DeleteVehicleDialog({ landingId, vehicle, onClose }: DeleteVehicleDialogProps) {
  const { t } = useTranslation("fleet");
  const remove = useDeleteVehicle(landingId, {
    onSuccess: () => {
      toast.success(t("delete.success"), { duration: TOAST_MS });
      onClose();
    },
    onError: () => {
      toast.error(t("delete.error"), { duration: TOAST_MS });
    },
  });

  const confirm = () => {
    if (vehicle) remove.mutate(vehicle.id);
  };

  return (
    <ConfirmDialog
      open={vehicle !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t("delete.title")}
      description={t("delete.description", { name: vehicle?.name ?? "", count: vehicle?.images.length ?? 0 })}
      confirmLabel={t("delete.confirm")}
      onConfirm={confirm}
      destructive
      pending={remove.isPending}
    />
  );
}
