import { Button } from "@web/ui/button";
import { ChevronDown, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";

type LoadMoreProps = {
  /** Reservations on screen. */
  shown: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
};

/** "Cargar más" under the list, with how many are on screen; a failed page is retried from here. */
export function LoadMore({ shown, hasMore, loading, failed, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation("reservations");
  if (shown === 0) return null;
  return (
    <div className="flex flex-col items-center gap-3 pt-2 text-center">
      <p aria-live="polite" className="text-sm text-gray-600">
        {hasMore ? t("list.shown", { count: shown }) : t("list.allShown", { count: shown })}
      </p>
      {failed && hasMore && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t("list.loadMoreError")}
        </p>
      )}
      {hasMore && (
        <Button variant="secondary" onClick={onLoadMore} loading={loading} className="min-w-40">
          {!loading &&
            (failed ? (
              <RotateCw aria-hidden="true" className="size-4" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-4" />
            ))}
          {loading ? t("list.loadingMore") : t("list.loadMore")}
        </Button>
      )}
    </div>
  );
}
