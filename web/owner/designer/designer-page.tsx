import { Palette } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

/** /layout-designer and its steps (logo and colours, vehicles, review). */
export function DesignerPage() {
  return <ComingSoon section="designer" icon={Palette} />;
}
