import { type ReactNode, useEffect, useRef } from "react";
import { Card } from "./card";

/**
 * One titled group of a long form: what it is for on the left, its fields on the right. With an
 * `id`, an address ending in `#id` opens the form scrolled to it (a link from elsewhere to one of
 * its groups: the designer's "Cambiar los extras" lands on the extras, not the form's top).
 */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (id && window.location.hash === `#${id}`) ref.current?.scrollIntoView({ block: "start" });
  }, [id]);
  return (
    <Card id={id} ref={ref} className="scroll-mt-4 p-5 sm:p-6">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] lg:gap-10">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{title}</h2>
          <p className="mt-1 text-sm leading-6 text-gray-600">{description}</p>
        </div>
        <div className="flex min-w-0 max-w-2xl flex-col gap-5">{children}</div>
      </div>
    </Card>
  );
}

/**
 * The save bar at the end of a long form; it stays in view on a phone. On a screen short for its
 * text (under 30 rem tall: a phone with its text at 200 %) it would cover about two fifths of it
 * (250 px of 640 at 320 px wide), so it stays at the form's end there, as on a wider screen.
 */
export function FormActions({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <div
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none [@media(height<30rem)]:static"
      data-form-actions
    >
      {note && <div className="text-sm text-gray-600 sm:mr-auto">{note}</div>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
