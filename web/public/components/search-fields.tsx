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
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
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
  onDate?: (input: HTMLInputElement) => void;
  describe: (field: SearchField) => string | undefined;
  invalid: (field: SearchField) => true | undefined;
  error: (field: SearchField) => ReactNode;
};

/**
 * A date and a time, with the browser's own pickers (DESIGN.md): side by side when both show their
 * whole value, else the time under its date (the `date-time` rules of styles.css).
 */
export function DateTime(props: DateTimeProps) {
  const { id, dateField, timeField, invalid, describe, error } = props;
  return (
    <div className="date-time">
      <div className="date-time-grid">
        <Labelled
          id={`${id}-${dateField}`}
          label={props.dateLabel}
          icon={<CalendarDays className="date-time-icon" />}
          className="date-time-field"
        >
          <input
            id={`${id}-${dateField}`}
            type="date"
            name={dateField}
            defaultValue={props.date}
            min={props.min}
            max={props.max}
            required
            onChange={(event) => props.onDate?.(event.currentTarget)}
            className={`${fieldControl} date-time-date pl-10`}
            aria-invalid={invalid(dateField)}
            aria-describedby={describe(dateField)}
            data-testid={`search-${dateField}`}
          />
        </Labelled>
        <Labelled
          id={`${id}-${timeField}`}
          label={
            <>
              <span aria-hidden="true" className="date-time-short">
                {props.timeShort}
              </span>
              <span className="date-time-long">{props.timeLabel}</span>
            </>
          }
          className="date-time-field"
        >
          <input
            id={`${id}-${timeField}`}
            type="time"
            name={timeField}
            defaultValue={props.time}
            required
            step={900}
            className={`${fieldControl} date-time-time`}
            aria-invalid={invalid(timeField)}
            aria-describedby={describe(timeField)}
            data-testid={`search-${timeField}`}
          />
        </Labelled>
        <div className="date-time-errors">
          {error(dateField)}
          {error(timeField)}
        </div>
      </div>
    </div>
  );
}
