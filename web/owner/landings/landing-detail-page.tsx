import { PanelsTopLeft } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

/** /view-landing/:id and /review-landing/:id. */
export function LandingDetailPage() {
  return <ComingSoon section="landingDetail" icon={PanelsTopLeft} />;
}
