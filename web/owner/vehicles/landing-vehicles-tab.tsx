/** The landing detail's Vehículos tab: table, create, edit and empty sub-views. Built by the fleet feature. */
export function LandingVehiclesTab(_props: { landingId: number }) {
  return null;
}
