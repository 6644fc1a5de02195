import * as lucide from "lucide-react";
import type { ReactNode } from "react";
import type { SearchField } from "../lib/search";
import { fieldControl, fieldLabel } from "../lib/ui";
import { keptIcon } from "./icons";

const CalendarDays = keptIcon(lucide.CalendarDays);

/** A field's label, and its icon inside the control. */
export function Labelled({
  id,
  label,
  icon,
  children,
}: {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="relative [&>svg]:pointer-events-none [&>svg]:absolute [&>svg]:top-1/2 [&>svg]:left-3 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:-translate-y-1/2 [&>svg]:text-gray-500">
        {icon}
        {children}
      </div>
    </div>
  );
}

type DateTimeProps = {
  id: string;
  dateField: "from" | "to";
  timeField: "fromTime" | "toTime";
  dateLabel: string;
  timeLabel: string;
  timeShort: string;
  date: string;
  time: string;
  min: string;
  max?: string;
  onDate?: (value: string) => void;
  describe: (field: SearchField) => string | undefined;
  invalid: (field: SearchField) => true | undefined;
  error: (field: SearchField) => ReactNode;
};

/** A date and a time side by side, with the browser's own pickers (DESIGN.md). */
export function DateTime(props: DateTimeProps) {
  const { id, dateField, timeField, invalid, describe, error } = props;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-2">
      <div>
        <Labelled id={`${id}-${dateField}`} label={props.dateLabel} icon={<CalendarDays />}>
          <input
            id={`${id}-${dateField}`}
            type="date"
            name={dateField}
            defaultValue={props.date}
            min={props.min}
            max={props.max}
            required
            onChange={(event) => props.onDate?.(event.currentTarget.value)}
            className={`${fieldControl} pl-10`}
            aria-invalid={invalid(dateField)}
            aria-describedby={describe(dateField)}
            data-testid={`search-${dateField}`}
          />
        </Labelled>
      </div>
      <div>
        <Labelled
          id={`${id}-${timeField}`}
          label={
            <>
              <span aria-hidden="true">{props.timeShort}</span>
              <span className="sr-only">{props.timeLabel}</span>
            </>
          }
        >
          <input
            id={`${id}-${timeField}`}
            type="time"
            name={timeField}
            defaultValue={props.time}
            required
            step={900}
            className={fieldControl}
            aria-invalid={invalid(timeField)}
            aria-describedby={describe(timeField)}
            data-testid={`search-${timeField}`}
          />
        </Labelled>
      </div>
      <div className="col-span-2 -mt-1 empty:hidden">
        {error(dateField)}
        {error(timeField)}
      </div>
    </div>
  );
}
