import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type BusinessFilters, filtersFromSearch, searchOfFilters } from '../api/business-filters';

export interface FilterChangeOptions {
  /** Replace the current history entry instead of adding one (while typing a search). */
  replace?: boolean;
}

/**
 * The list's filters, read from and written to the URL: a link shares them, a reload keeps them, and
 * each deliberate change is a history entry that Back undoes.
 */
export function useBusinessFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);

  const setFilters = useCallback(
    (change: Partial<BusinessFilters>, options: FilterChangeOptions = {}) => {
      setSearchParams((current) => searchOfFilters({ ...filtersFromSearch(current), ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setSearchParams],
  );

  /** Every filter off; the chosen order stays. */
  const clearFilters = useCallback(() => {
    setSearchParams((current) => searchOfFilters({ sort: filtersFromSearch(current).sort }));
  }, [setSearchParams]);

  return { filters, setFilters, clearFilters };
}
