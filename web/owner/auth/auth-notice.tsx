import { cn } from "@web/lib/cn";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

type AuthNoticeProps = {
  icon: LucideIcon;
  tone: "brand" | "danger";
  title: string;
  /** What happened, in a sentence or two. */
  children: ReactNode;
  /** The ways on, under it. */
  actions: ReactNode;
};

/**
 * A page of the sign-in area that reports instead of asking ("Check your email", "This link no
 * longer works"). Its heading takes the focus when it appears, so a screen reader reads the news
 * and the keyboard starts there.
 */
export function AuthNotice({ icon: Icon, tone, title, children, actions }: AuthNoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div>
      <span
        className={cn(
          "flex size-12 items-center justify-center rounded-full",
          tone === "brand" ? "bg-brand-50 text-brand-700" : "bg-red-50 text-red-600",
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 text-2xl font-semibold tracking-tight text-gray-900 outline-none sm:text-3xl"
      >
        {title}
      </h1>
      <div className="mt-3 text-sm leading-6 text-gray-600 sm:text-base">{children}</div>
      <div className="mt-8 flex flex-col gap-3">{actions}</div>
    </div>
  );
}
