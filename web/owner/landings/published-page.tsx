import { Rocket } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

/** /published and /publishedTap: the confirmation after publishing. */
export function PublishedPage() {
  return <ComingSoon section="published" icon={Rocket} />;
}
