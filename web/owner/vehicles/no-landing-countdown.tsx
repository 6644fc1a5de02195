import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ArrowRight, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** SPEC §9: the redirect countdown, in seconds. */
export const NO_LANDING_REDIRECT_SECONDS = 7;
const DESIGNER_START = "/layout-designer/";

/**
 * SPEC §2/§8: vehicles need a landing. Says so, counts down from 7 and goes to the designer's first
 * step; the owner can go at once.
 */
export function NoLandingCountdown() {
  const { t } = useTranslation("fleet");
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(NO_LANDING_REDIRECT_SECONDS);

  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds === 0) void navigate(DESIGNER_START, { replace: true });
  }, [seconds, navigate]);

  return (
    <Card>
      <div className="flex flex-col items-center px-6 py-14 text-center sm:py-16">
        <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-8 ring-amber-50/50">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </div>
        {/* The title is announced once; the ticking number is a timer, which screen readers do not read out every second. */}
        <div role="alert">
          <h2 className="text-base font-semibold text-gray-900">{t("noLanding.title")}</h2>
        </div>
        <p role="timer" className="mt-2 max-w-md text-sm leading-6 text-gray-700" data-testid="no-landing-message">
          {t("noLanding.message", { count: seconds })}
        </p>
        <div className="mt-6">
          <ButtonLink to={DESIGNER_START} replace>
            {t("noLanding.goNow")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
