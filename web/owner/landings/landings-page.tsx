import { LayoutTemplate } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

export function LandingsPage() {
  return <ComingSoon section="landings" icon={LayoutTemplate} />;
}
