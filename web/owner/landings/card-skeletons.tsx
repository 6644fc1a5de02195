import { Card } from "@web/ui/card";
import { Skeleton } from "@web/ui/skeleton";

/** Placeholder cards in the shape of the real ones while a list loads. */
export function CardSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
        <Card key={index} className="overflow-hidden">
          <Skeleton className="h-28 rounded-none" />
          <div className="flex flex-col gap-3 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
          <div className="flex gap-2 border-t border-gray-100 p-3">
            <Skeleton className="h-11 flex-1" />
            <Skeleton className="h-11 w-28" />
          </div>
        </Card>
      ))}
    </div>
  );
}
