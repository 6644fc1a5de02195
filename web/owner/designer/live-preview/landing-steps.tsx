import type { LandingTheme } from "@domain/colors";
import { CalendarCheck, CarFront, MapPin } from "lucide-react";
import type { LandingCopy } from "./copy";

const ICONS = [MapPin, CarFront, CalendarCheck] as const;

/**
 * "How it works" as the public home draws it: the secondary colour's accents (a tinted circle and
 * its icon) with the step's number on the primary colour, so the owner sees where each colour goes.
 */
export function LandingSteps({ theme, copy }: { theme: LandingTheme; copy: LandingCopy }) {
  return (
    <section className="border-t border-gray-200 bg-white">
      <ol className="mx-auto grid max-w-6xl gap-5 px-4 py-8 @2xl:grid-cols-3 @2xl:px-8">
        {copy.how.map((step, index) => {
          const Icon = ICONS[index] ?? MapPin;
          return (
            <li key={step.title} className="flex gap-3 @2xl:flex-col">
              <span
                className="relative flex size-11 shrink-0 items-center justify-center rounded-full"
                style={{ backgroundColor: theme.secondaryTint, color: theme.secondaryInk }}
                data-testid="preview-step-icon"
              >
                <Icon aria-hidden="true" className="size-5" />
                <span
                  className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full text-[0.6875rem] font-bold"
                  style={{ backgroundColor: theme.primary, color: theme.onPrimary }}
                >
                  {index + 1}
                </span>
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold">{step.title}</p>
                <p className="mt-0.5 text-xs leading-5 text-gray-600">{step.body}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
