import { Trash2 } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

export function TrashPage() {
  return <ComingSoon section="trash" icon={Trash2} />;
}
