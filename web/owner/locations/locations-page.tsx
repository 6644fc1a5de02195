import { MapPin } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

export function LocationsPage() {
  return <ComingSoon section="locations" icon={MapPin} />;
}
