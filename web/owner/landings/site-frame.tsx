import type { Landing } from "@domain/landings";
import { cn } from "@web/lib/cn";
import { Spinner } from "@web/ui/spinner";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrowserFrame } from "./browser-frame";
import { readableUrl } from "./format";

export type PreviewDevice = "desktop" | "phone";

/** Where the server renders the owner's own landing, drafts included, behind their session (server/ssr/routes.ts). */
export const previewSitePath = (name: string) => `/review-component/${encodeURIComponent(name)}/site`;

/**
 * The landing's real public pages in a frame of the dashboard: the same server-rendered site a
 * visitor gets, so preview and site never drift. Links inside stay inside the preview; the
 * address bar shows the public address of the page on screen. In "phone" the frame is a phone's
 * width, so the site lays itself out as on a phone.
 */
export function SiteFrame({
  landing,
  device,
}: {
  landing: Pick<Landing, "name" | "public_url" | "display_name">;
  device: PreviewDevice;
}) {
  const { t } = useTranslation("landings");
  const base = previewSitePath(landing.name);
  const frame = useRef<HTMLIFrameElement>(null);
  const [page, setPage] = useState("");
  const [loaded, setLoaded] = useState(false);

  // Same origin: the page on screen can be read, and shown with the address visitors will use.
  const followPage = () => {
    setLoaded(true);
    try {
      const location = frame.current?.contentWindow?.location;
      if (location?.pathname.startsWith(base)) setPage(`${location.pathname.slice(base.length)}${location.search}`);
    } catch {
      setPage("");
    }
  };

  return (
    <div
      className={cn(
        "mx-auto w-full transition-[max-width]", // A 390 px wide phone (the page inside is exactly that wide), plus the frame's borders.
        device === "phone" ? "max-w-[392px]" : "max-w-none",
      )}
      data-testid="site-frame"
      data-device={device}
    >
      <BrowserFrame address={`${readableUrl(landing.public_url)}${page}`}>
        <div className="relative">
          <iframe
            ref={frame}
            key={landing.name}
            src={base}
            title={t("preview.frameTitle", { name: landing.display_name })}
            onLoad={followPage}
            className={cn(
              "block w-full border-0 bg-white",
              device === "phone"
                ? "h-[min(844px,calc(100dvh-11rem))] min-h-[32rem]"
                : "h-[calc(100dvh-11rem)] min-h-[32rem] sm:h-[calc(100dvh-14rem)]",
            )}
          />
          {!loaded && (
            <div
              role="status"
              className="absolute inset-0 flex items-center justify-center gap-2 bg-gray-50 text-sm text-gray-600"
            >
              <Spinner className="size-5 text-brand-600" />
              {t("preview.loading")}
            </div>
          )}
        </div>
      </BrowserFrame>
    </div>
  );
}
