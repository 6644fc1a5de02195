import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

type ErrorStateProps = {
  title?: string;
  description?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Extra actions, e.g. a link back. */
  children?: ReactNode;
};

/** A failed load: what happened and a way to try again. */
export function ErrorState({ title, description, onRetry, retrying = false, children }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-14 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <h2 className="text-base font-semibold text-gray-900">{title ?? t("errors.title")}</h2>
      <p className="mt-2 max-w-md text-sm leading-6 text-gray-600">{description ?? t("errors.unexpected")}</p>
      {(onRetry || children) && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              {!retrying && <RotateCw aria-hidden="true" className="size-4" />}
              {t("common.retry")}
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
