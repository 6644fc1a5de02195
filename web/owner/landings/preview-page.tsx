import { Eye } from "lucide-react";
import { ComingSoon } from "../layout/coming-soon";

/** /review-component/:name: the preview of a landing with its Publicar button. */
export function PreviewPage() {
  return <ComingSoon section="preview" icon={Eye} />;
}
