import { Spinner } from "@web/ui/spinner";

/** The list's skeleton while it loads, with what is loading in words ("Cargando datos..."). */
export function ReservationsLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="flex flex-col">
      <p className="flex items-center gap-2.5 border-b border-gray-100 px-5 py-3 text-sm font-medium text-gray-600">
        <Spinner className="text-brand-600" />
        {label}
      </p>
      <ul aria-hidden="true" className="divide-y divide-gray-100">
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <li key={row} className="flex animate-pulse items-center gap-4 px-5 py-4">
            <div className="h-12 w-16 shrink-0 rounded-md bg-gray-200" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="h-3.5 w-2/5 rounded bg-gray-200" />
              <div className="h-3 w-1/4 rounded bg-gray-100" />
            </div>
            <div className="hidden h-3.5 w-28 rounded bg-gray-100 md:block" />
            <div className="hidden h-3.5 w-32 rounded bg-gray-200 lg:block" />
            <div className="h-3.5 w-16 rounded bg-gray-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}
