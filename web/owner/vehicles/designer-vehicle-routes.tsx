/**
 * Mounted at /layout-designer/add-vehicles/*: the vehicles table, add-form and update-form/:id.
 * Built by the fleet feature.
 */
export function DesignerVehicleRoutes() {
  return null;
}
