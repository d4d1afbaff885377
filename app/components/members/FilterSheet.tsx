import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The id the filter button leads to: the sheet opens as the page's target, with or without JavaScript. */
export const FILTER_SHEET_ID = "search-filters";

/**
 * Results first on a phone (docs/product/search.md#filters): below 1024 px the filters wait behind one button
 * and open as a sheet from the bottom; wider, they stand beside the results. Plain links to the
 * sheet and back (CSS :target), so it works without JavaScript and needs none of it.
 */
export function FilterSheet({ children }: { children: ReactNode }) {
  const { t } = useTranslation("members");
  return (
    <div id={FILTER_SHEET_ID} className="max-lg:hidden max-lg:target:block lg:self-start" data-testid="filter-sheet">
      <a href="#results-title" aria-hidden="true" tabIndex={-1} className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
      <div
        className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-50 max-lg:max-h-[85dvh] max-lg:overflow-y-auto max-lg:rounded-t-2xl max-lg:bg-white max-lg:pb-[env(safe-area-inset-bottom)]"
        role="group"
        aria-labelledby="filter-sheet-title"
      >
        <div className="flex items-center justify-between px-5 pt-4 lg:hidden">
          <h2 id="filter-sheet-title" className="text-lg font-bold">
            {t("search.filters")}
          </h2>
          <a href="#results-title" className="btn-outline min-h-[44px] px-4" data-testid="filters-close">
            {t("search.closeFilters")}
          </a>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The button that opens the sheet, with the number of filters in use; only below 1024 px. */
export function FilterButton({ active }: { active: number }) {
  const { t } = useTranslation("members");
  return (
    <a href={`#${FILTER_SHEET_ID}`} className="btn-outline min-h-[44px] shrink-0 gap-2 px-4 lg:hidden" data-testid="filters-open" data-active={active}>
      {t("search.filtersButton")}
      {active > 0 ? (
        <span className="inline-flex min-w-[1.25rem] items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-white">
          <span aria-hidden="true">{active}</span>
          <span className="sr-only">{t("search.activeFilters", { count: active })}</span>
        </span>
      ) : null}
    </a>
  );
}
