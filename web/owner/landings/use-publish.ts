import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { Landing, LandingStatus } from "../../../domain/landings";
import { ApiError } from "../../lib/api";
import { getSession } from "../auth/session-store";
import { clearDraftLanding, readDraftLanding } from "../designer/draft-landing";
import { useSetLandingStatus } from "./api";

export const PUBLISHED_PATH = "/published";
export const PUBLISHED_TAP_PATH = "/publishedTap";

/**
 * Publishing (SPEC §5: needs the user id and the landing id) and unpublishing. Publishing the
 * designer's landing ends the designer's flow, so its in-progress marker is cleared.
 */
export function useLandingStatus() {
  const { t } = useTranslation("landings");
  const navigate = useNavigate();
  const mutation = useSetLandingStatus();

  const change = async (landing: Pick<Landing, "id"> | null | undefined, status: LandingStatus) => {
    // Read at the moment of the click: the stored session is the one that counts.
    const userId = getSession()?.userId ?? 0;
    const landingId = landing?.id;
    if (!userId || !landingId) {
      toast.error(t("publish.missingIds"));
      return null;
    }
    try {
      return await mutation.mutateAsync({ userId, landingId, status });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("errors.generic"));
      return null;
    }
  };

  /** Publishes, then shows the confirmation page (`/published`, or `/publishedTap` from the detail's tabs). */
  const publish = async (landing: Pick<Landing, "id"> | null | undefined, target = PUBLISHED_PATH) => {
    const saved = await change(landing, "published");
    if (!saved) return;
    if (readDraftLanding()?.id === saved.id) clearDraftLanding();
    navigate(`${target}?landing=${saved.id}`);
  };

  const unpublish = async (landing: Pick<Landing, "id">) => {
    const saved = await change(landing, "draft");
    if (saved) toast.success(t("publish.unpublished"));
    return saved;
  };

  return { publish, unpublish, pending: mutation.isPending, pendingStatus: mutation.variables?.status };
}
