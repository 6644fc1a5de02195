import type { Landing, LandingStatus } from "@domain/landings";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { getSession } from "../auth";
import { useSetLandingStatus } from "./api";
import { clearDraftLanding, readDraftLanding } from "./draft-landing";

export const PUBLISHED_PATH = "/published";
export const PUBLISHED_TAP_PATH = "/publishedTap";

/** What publishing needs (PRODUCT §3): at least one vehicle and one location. */
export type PublishNeed = "vehicles" | "locations";

/** A publish the server refused (422): its sentences, and what they say is missing. */
export type PublishRefusal = { messages: string[]; needs: PublishNeed[] };

export function missingForPublish(landing: Pick<Landing, "vehicles_count" | "locations_count">): PublishNeed[] {
  const missing: PublishNeed[] = [];
  if (landing.vehicles_count < 1) missing.push("vehicles");
  if (landing.locations_count < 1) missing.push("locations");
  return missing;
}

/**
 * Publishing (SPEC §5: needs the user id and the landing id) and unpublishing. One request at a
 * time: a second click while one is under way is ignored. Publishing the designer's landing ends
 * the designer's flow, so its in-progress marker is cleared. A 422 (nothing to rent yet) comes back
 * as `refusal`, the server's own sentences, for the screen to show beside the button.
 */
export function useLandingStatus() {
  const { t } = useTranslation("landings");
  const navigate = useNavigate();
  const mutation = useSetLandingStatus();
  const inFlight = useRef(false);
  const [refusal, setRefusal] = useState<PublishRefusal | null>(null);

  const change = async (landing: Pick<Landing, "id"> | null | undefined, status: LandingStatus) => {
    if (inFlight.current) return null;
    // Read at the moment of the click: the stored session is the one that counts.
    const userId = getSession()?.userId ?? 0;
    const landingId = landing?.id;
    if (!userId || !landingId) {
      notify.error("landing-status", t("publish.missingIds"));
      return null;
    }
    inFlight.current = true;
    setRefusal(null);
    try {
      return await mutation.mutateAsync({ userId, landingId, status });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        const needs = (["vehicles", "locations"] as const).filter((need) => error.errors?.[need]);
        setRefusal({ messages: Object.values(error.errors).flat(), needs });
      } else {
        notify.error("landing-status", error instanceof ApiError ? error.message : t("errors.generic"));
      }
      return null;
    } finally {
      inFlight.current = false;
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
    if (saved) notify.success("landing-status", t("publish.unpublished"));
    return saved;
  };

  return {
    publish,
    unpublish,
    refusal,
    pending: mutation.isPending,
    pendingStatus: mutation.variables?.status,
  };
}
