import { useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The id the filter button leads to: without JavaScript the sheet opens as the page's target. */
export const FILTER_SHEET_ID = "search-filters";

interface SheetState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

const Sheet = createContext<SheetState | null>(null);

/**
 * The filter button and the sheet share whether it is open. Opened on one page, it is closed on
 * the next: a search sent from the sheet shows its results, not the sheet again. (Without
 * JavaScript plain links to the sheet and back do the same, with CSS :target.)
 */
export function FilterSheetScope({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const state: SheetState = { open: openOn === key, show: () => setOpenOn(key), hide: () => setOpenOn(null) };
  return <Sheet.Provider value={state}>{children}</Sheet.Provider>;
}

/** A link that does its work in the page once the script runs, and as a plain link before. */
function handled(action: (() => void) | undefined) {
  return (event: MouseEvent) => {
    if (!action) return;
    event.preventDefault();
    action();
  };
}

/**
 * Results first on a phone (docs/product/search.md#filters): below 1024 px the filters wait behind one button
 * and open as a sheet from the bottom; wider, they stand beside the results.
 */
export function FilterSheet({ children }: { children: ReactNode }) {
  const { t } = useTranslation("members");
  const sheet = useContext(Sheet);
  const close = useRef<HTMLAnchorElement>(null);
  const open = sheet?.open ?? false;
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);
  return (
    <div
      id={FILTER_SHEET_ID}
      className={`${open ? "max-lg:block" : "max-lg:hidden max-lg:target:block"} lg:self-start`}
      onKeyDown={(event) => {
        if (event.key === "Escape") sheet?.hide();
      }}
      data-testid="filter-sheet"
    >
      <a href="#results-title" aria-hidden="true" tabIndex={-1} onClick={handled(sheet?.hide)} className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
      <div
        className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-50 max-lg:max-h-[85dvh] max-lg:overflow-y-auto max-lg:rounded-t-2xl max-lg:bg-white max-lg:pb-[env(safe-area-inset-bottom)]"
        role="group"
        aria-labelledby="filter-sheet-title"
      >
        <div className="flex items-center justify-between px-5 pt-4 lg:hidden">
          <h2 id="filter-sheet-title" className="text-lg font-bold">
            {t("search.filters")}
          </h2>
          <a ref={close} href="#results-title" onClick={handled(sheet?.hide)} className="btn-outline min-h-[44px] px-4" data-testid="filters-close">
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
  const sheet = useContext(Sheet);
  return (
    <a
      href={`#${FILTER_SHEET_ID}`}
      onClick={handled(sheet?.show)}
      aria-expanded={sheet ? sheet.open : undefined}
      aria-controls={FILTER_SHEET_ID}
      className="btn-outline min-h-[44px] shrink-0 gap-2 px-4 lg:hidden"
      data-testid="filters-open"
      data-active={active}
    >
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
