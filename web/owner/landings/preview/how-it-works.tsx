import { CalendarCheck, CarFront, MapPin } from "lucide-react";
import type { LandingTheme } from "./colors";
import type { LandingCopy } from "./copy";
import type { HeadingBase } from "./types";

const ICONS = [MapPin, CarFront, CalendarCheck] as const;

/** Three steps from search to confirmation. */
export function HowItWorks({
  theme,
  copy,
  headingBase,
}: {
  theme: LandingTheme;
  copy: LandingCopy;
  headingBase: HeadingBase;
}) {
  const Heading = headingBase === 1 ? "h2" : "h3";
  const StepHeading = headingBase === 1 ? "h3" : "h4";
  return (
    <section className="border-t border-gray-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12 @2xl:px-8 @4xl:py-16">
        <Heading className="text-2xl font-bold tracking-tight text-gray-900 @2xl:text-3xl">{copy.how.title}</Heading>
        <ol className="mt-8 grid gap-6 @2xl:grid-cols-3 @2xl:gap-8">
          {copy.how.steps.map((step, index) => {
            const Icon = ICONS[index] ?? MapPin;
            return (
              <li key={step.title} className="flex gap-4 @2xl:flex-col">
                <span
                  className="relative flex size-12 shrink-0 items-center justify-center rounded-full"
                  style={{ backgroundColor: theme.secondaryTint, color: theme.secondaryInk }}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  <span
                    className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full text-[0.6875rem] font-bold"
                    style={{ backgroundColor: theme.primary, color: theme.onPrimary }}
                  >
                    {index + 1}
                  </span>
                </span>
                <div>
                  <StepHeading className="text-base font-semibold text-gray-900">{step.title}</StepHeading>
                  <p className="mt-1 text-sm leading-6 text-gray-600">{step.body}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
