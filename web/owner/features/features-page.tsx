import { Sparkles } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

export function FeaturesPage() {
  return <ComingSoon section="features" icon={Sparkles} />;
}
