import type { BusinessSort } from '@app/domain';
import { Badge, Button, Input, InputBase, NativeSelect, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import dayjs from 'dayjs';
import { Component, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { AVAILABLE_ON_FORMAT, activeFilterCount, type BusinessFilters } from '../api/business-filters';
import { useTowns } from '../api/get-towns';
import type { FilterChangeOptions } from '../hooks/use-business-filters';
import classes from './business-filters-bar.module.css';

/**
 * The day picker (Mantine's dates package and its styles) loads apart from the page: on a phone the
 * filters are folded at first, and it is the heaviest of them. It is fetched once the person
 * engages with the page or it is idle, so it is usually in before the filters unfold.
 */
const AvailableOnInput = preloadable(() =>
  import('./available-on-input').then((module) => module.AvailableOnInput),
);

/** From here up (Mantine's sm breakpoint, as the stylesheet's) the filters are always unfolded. */
/** Where every filter shows without unfolding (business-filters-bar.module.css's breakpoint, sm). */
export const WIDE_FILTERS_QUERY = '(min-width: 48em)';

export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_PRICE_OPTIONS = [10, 15, 20, 25, 30, 40, 50] as const;

export const SORT_OPTIONS: { value: BusinessSort; label: string }[] = [
  { value: 'next', label: 'Soonest free' },
  { value: 'price', label: 'Lowest price' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'name', label: 'Name' },
];

const PRICE_DATA = MAX_PRICE_OPTIONS.map((pounds) => ({ value: String(pounds), label: `Up to £${pounds}` }));

/** The filters folded behind the phone's "Filters" button (the search box stays out). */
const FOLDED_FILTERS = ['town', 'homeVisits', 'maxPrice', 'availableOn'] as const;

/**
 * Where the day picker goes while its code loads: the same box, label and words, so nothing moves
 * when it arrives. A tap on it has already started the load (lib/idle.ts).
 */
function DayBoxStandIn({ value, note }: { value: string | null; note?: string }) {
  return (
    <InputBase
      component="button"
      type="button"
      label="Free on"
      size="md"
      pointer
      error={note}
      aria-disabled={note ? true : undefined}
    >
      {value ? (
        dayjs(value).format(AVAILABLE_ON_FORMAT)
      ) : (
        <Input.Placeholder className={classes.anyDay}>Any day</Input.Placeholder>
      )}
    </InputBase>
  );
}

/** If the day picker's code cannot load (offline), the box says so and the other filters still work. */
class DayPickerBoundary extends Component<
  { value: string | null; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <DayBoxStandIn value={this.props.value} note={DAY_PICKER_FAILED} />
    ) : (
      this.props.children
    );
  }
}

export const DAY_PICKER_FAILED = 'The day picker could not load. Reload the page to choose a day.';

interface BusinessFiltersBarProps {
  filters: BusinessFilters;
  onChange: (change: Partial<BusinessFilters>, options?: FilterChangeOptions) => void;
}

/** The search box, debounced: the URL (and so the request) follows the typing after a pause. */
function SearchBox({ value, onChange }: { value: string; onChange: BusinessFiltersBarProps['onChange'] }) {
  const [draft, setDraft] = useState(value);
  // The URL's search as this box last wrote it: a different one came from elsewhere (Back, Clear filters).
  const written = useRef(value);
  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setDraft(value);
    }
  }, [value]);

  const commit = useDebouncedCallback((next: string) => {
    const q = next.trim();
    written.current = q;
    onChange({ q: q || undefined }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      className={classes.search}
      type="search"
      label="Search"
      placeholder="Name or service"
      value={draft}
      maxLength={100}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onBlur={() => commit.flush()}
    />
  );
}

/**
 * The list's filter bar (api-contract §8.5). On a phone only the search box and a "Filters" button
 * (with how many filters are on) show; the button unfolds the rest. From the sm breakpoint all show.
 */
export function BusinessFiltersBar({ filters, onChange }: BusinessFiltersBarProps) {
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const { data: towns } = useTowns();
  useEffect(() => whenEngagedOrIdle(() => void AvailableOnInput.preload().catch(() => {})), []);
  const folded = activeFilterCount(filters, FOLDED_FILTERS);

  const townData = (towns ?? []).map(({ town, count }) => ({ value: town, label: `${town} (${count})` }));
  // The URL's town in the list's own spelling; one the list lacks (not loaded yet, or none left) still shows.
  const townValue = filters.town
    ? (townData.find((option) => option.value.toLowerCase() === filters.town?.toLowerCase())?.value ??
      filters.town)
    : null;
  if (townValue && !townData.some((option) => option.value === townValue)) {
    townData.unshift({ value: townValue, label: townValue });
  }

  const priceValue = filters.maxPrice === undefined ? null : String(filters.maxPrice);
  const priceData =
    priceValue && !PRICE_DATA.some((option) => option.value === priceValue)
      ? [...PRICE_DATA, { value: priceValue, label: `Up to £${priceValue}` }].sort(
          (a, b) => Number(a.value) - Number(b.value),
        )
      : PRICE_DATA;

  return (
    <search aria-label="Find a business" className={classes.bar}>
      <div className={classes.top}>
        <SearchBox value={filters.q ?? ''} onChange={onChange} />
        <Button
          variant="default"
          className={classes.toggle}
          aria-expanded={isOpen}
          aria-controls={panelId}
          // The badge's number, said in words.
          aria-label={folded > 0 ? `Filters (${folded} active)` : undefined}
          onClick={() => setIsOpen((open) => !open)}
          rightSection={
            folded > 0 ? (
              <Badge size="sm" circle aria-hidden="true">
                {folded}
              </Badge>
            ) : null
          }
        >
          Filters
        </Button>
      </div>
      <div id={panelId} className={classes.panel} data-open={isOpen || undefined}>
        {/* Always in the page (the server's HTML too, read without JavaScript on a wide screen);
            the stylesheet folds them on a phone until the button unfolds them. */}

        <NativeSelect
          label="Town"
          data={[{ value: '', label: 'All towns' }, ...townData]}
          value={townValue ?? ''}
          onChange={(event) => onChange({ town: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Max price"
          data={[{ value: '', label: 'Any price' }, ...priceData]}
          value={priceValue ?? ''}
          onChange={(event) => {
            const price = event.currentTarget.value;
            onChange({ maxPrice: price ? Number(price) : undefined });
          }}
        />
        <DayPickerBoundary value={filters.availableOn ?? null}>
          <Suspense fallback={<DayBoxStandIn value={filters.availableOn ?? null} />}>
            <AvailableOnInput
              value={filters.availableOn ?? null}
              onChange={(day) => onChange({ availableOn: day ?? undefined })}
            />
          </Suspense>
        </DayPickerBoundary>
        <NativeSelect
          label="Sort by"
          data={SORT_OPTIONS}
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value as BusinessSort })}
        />
        <Switch
          className={classes.switch}
          label="Home visits"
          checked={filters.homeVisits === true}
          onChange={(event) => onChange({ homeVisits: event.currentTarget.checked ? true : undefined })}
        />
      </div>
    </search>
  );
}
