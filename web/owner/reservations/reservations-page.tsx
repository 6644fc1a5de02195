import { CalendarCheck } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

export function ReservationsPage() {
  return <ComingSoon section="reservations" icon={CalendarCheck} />;
}
