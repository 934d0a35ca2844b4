import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { matchMediaQuery } from '@/testing/media-query';
import { DEFAULT_SORT } from '../api/business-filters';
import { BusinessFiltersBar, DAY_PICKER_FAILED, WIDE_FILTERS_QUERY } from './business-filters-bar';

// The day picker's code cannot be fetched (offline, or a deploy removed the old chunk).
vi.mock('./available-on-input', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('business filters bar without the day picker', () => {
  it('says the day picker could not load, and keeps the other filters', async () => {
    stubFetch().on('GET', '/api/booking/towns', jsonResponse(200, { towns: [] }));
    const restore = matchMediaQuery(WIDE_FILTERS_QUERY);
    // React reports the error the boundary caught; it is the one this test causes.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <MantineProvider>
            <BusinessFiltersBar
              filters={{ sort: DEFAULT_SORT, availableOn: '2026-12-04' }}
              onChange={() => {}}
            />
          </MantineProvider>
        </QueryClientProvider>,
      );
      const dayBox = await screen.findByRole('button', { name: 'Free on' });
      expect(await screen.findByText(DAY_PICKER_FAILED)).toBeInTheDocument();
      expect(dayBox).toHaveTextContent('Fri 4 Dec');
      expect(screen.getByRole('combobox', { name: 'Town' })).toBeEnabled();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toBeEnabled();
    } finally {
      restore();
    }
  });
});
