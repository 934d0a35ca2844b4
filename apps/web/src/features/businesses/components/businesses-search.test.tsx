import { addDays, BUSINESS_SEARCH_MESSAGES, type BusinessSummary, todayInLondon } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  apiErrorResponse,
  type FetchStub,
  jsonResponse,
  type RecordedCall,
  stubFetch,
} from '@/testing/fetch-stub';
import { matchMediaQuery } from '@/testing/media-query';
import { renderApp } from '@/testing/render-app';
import { WIDE_FILTERS_QUERY } from './business-filters-bar';

const LIST = '/api/booking/businesses';

const business = (id: string, name: string, extra: Partial<BusinessSummary> = {}): BusinessSummary => ({
  id,
  FirstName: name,
  LastName: 'Barber',
  BusinessName: `${name}'s Cuts`,
  BusinessDescription: '',
  BusinessAddress: '1 Main Street, Belfast, BT1 1AA',
  BusinessTown: 'Belfast',
  minimumPrice: 15,
  services: ['Appointment'],
  homeVisitsEnabled: false,
  homeVisitDistricts: [],
  cancellationNoticeHours: 24,
  nextAvailable: null,
  rating: { average: null, count: 0 },
  ...extra,
});

const page = (businesses: BusinessSummary[], nextCursor: string | null = null) =>
  jsonResponse(200, { businesses, nextCursor });

const TOWNS = {
  towns: [
    { town: 'Belfast', count: 5 },
    { town: 'Derry', count: 2 },
    { town: 'Newry', count: 1 },
  ],
};

/** The API: the towns, and the list answered by `answer` from each request's query string. */
function stubApi(answer: (query: URLSearchParams) => Response): FetchStub {
  return stubFetch()
    .on('GET', '/api/booking/towns', jsonResponse(200, TOWNS))
    .on('GET', LIST, (call: RecordedCall) => answer(call.query));
}

/** Each list request's query string, as an object. */
const listQueries = (api: FetchStub) =>
  api.callsTo('GET', LIST).map((call) => Object.fromEntries(call.query.entries()));

/**
 * Makes matchMedia report a screen wide enough for the filters to show unfolded: on a phone they
 * are not drawn until the Filters button unfolds them (jsdom's matchMedia matches nothing).
 */
function onWideScreen() {
  onTestFinished(matchMediaQuery(WIDE_FILTERS_QUERY));
}

const articles = () => screen.queryAllByRole('article');
const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries());

describe('businesses page: filters in the URL', () => {
  it('reads every filter from the URL into the controls and the request', async () => {
    onWideScreen();
    const day = addDays(todayInLondon(), 2);
    const api = stubApi(() => page([business('b1', 'Ciaran')]));
    renderApp({
      route: `/businesses?town=belfast&q=skin+fade&homeVisits=true&maxPrice=20&availableOn=${day}&sort=price`,
    });

    await screen.findByRole('article', { name: "Ciaran's Cuts" });
    expect(listQueries(api)).toEqual([
      {
        town: 'belfast',
        q: 'skin fade',
        homeVisits: 'true',
        maxPrice: '20',
        availableOn: day,
        sort: 'price',
      },
    ]);
    const filters = screen;
    expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveValue('skin fade');
    // The town as the towns list spells it, with its count.
    await waitFor(() =>
      expect(filters.getByRole('combobox', { name: 'Town' })).toHaveDisplayValue('Belfast (5)'),
    );
    expect(filters.getByRole('combobox', { name: 'Max price' })).toHaveDisplayValue('Up to £20');
    expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Lowest price');
    expect(filters.getByRole('switch', { name: 'Home visits' })).toBeChecked();
    // On a phone the four folded filters are counted on the button that unfolds them.
    expect(filters.getByRole('button', { name: 'Filters (4 active)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('asks for the defaults with a bare URL, and drops values the API would refuse', async () => {
    const api = stubApi(() => page([business('b1', 'Ciaran')]));
    const past = addDays(todayInLondon(), -1);
    renderApp({ route: `/businesses?maxPrice=cheap&availableOn=${past}&sort=popular&homeVisits=yes` });

    await screen.findByRole('article', { name: "Ciaran's Cuts" });
    expect(listQueries(api)).toEqual([{ sort: 'next' }]);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('writes each chosen filter to the URL as a history entry, asks again, and Back undoes it', async () => {
    onWideScreen();
    const api = stubApi((query) =>
      page(query.get('homeVisits') ? [business('b2', 'Niamh')] : [business('b1', 'Ciaran')]),
    );
    const { user, router } = renderApp({ route: '/businesses' });
    await screen.findByRole('article', { name: "Ciaran's Cuts" });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Town' }), 'Derry');
    await waitFor(() => expect(searchOf(router)).toEqual({ town: 'Derry' }));
    // The page has drawn the new search (the router's navigations commit in a transition).
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ town: 'Derry' }));
    await user.click(screen.getByRole('switch', { name: 'Home visits' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ town: 'Derry', homeVisits: 'true' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ town: 'Derry', homeVisits: 'true' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Max price' }), '25');
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ maxPrice: '25' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ town: 'Derry', homeVisits: 'true', maxPrice: '25', sort: 'name' }),
    );

    expect(await screen.findByRole('article', { name: "Niamh's Cuts" })).toBeInTheDocument();
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        town: 'Derry',
        homeVisits: 'true',
        maxPrice: '25',
        sort: 'name',
      }),
    );

    await router.back();
    await router.back();
    expect(searchOf(router)).toEqual({ town: 'Derry', homeVisits: 'true' });
    expect(screen.getByRole('combobox', { name: 'Max price' })).toHaveDisplayValue('Any price');
    await router.back();
    expect(searchOf(router)).toEqual({ town: 'Derry' });
    expect(screen.getByRole('switch', { name: 'Home visits' })).not.toBeChecked();
    expect(await screen.findByRole('article', { name: "Ciaran's Cuts" })).toBeInTheDocument();
  });

  it("sorts by rating ('Highest rated'): the URL keeps the filters and says sort=rating, and so does the request", async () => {
    onWideScreen();
    const api = stubApi(() => page([business('b1', 'Ciaran', { rating: { average: 4.8, count: 12 } })]));
    const { user, router } = renderApp({ route: '/businesses?town=Derry&homeVisits=true' });
    await screen.findByRole('article', { name: "Ciaran's Cuts" });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getByRole('option', { name: 'Highest rated' })).toHaveValue('rating');
    await user.selectOptions(sort, 'Highest rated');
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ town: 'Derry', homeVisits: 'true', sort: 'rating' }),
    );
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({ town: 'Derry', homeVisits: 'true', sort: 'rating' }),
    );
  });

  it('searches once the typing pauses, replacing the history entry rather than adding one per key', async () => {
    onWideScreen();
    const api = stubApi((query) =>
      page(query.get('q') ? [business('b2', 'Niamh')] : [business('b1', 'Ciaran')]),
    );
    const { user, router } = renderApp({ route: '/businesses?sort=name' });
    await screen.findByRole('article', { name: "Ciaran's Cuts" });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Town' }), 'Belfast');
    await waitFor(() => expect(searchOf(router)).toEqual({ town: 'Belfast', sort: 'name' }));
    // The page has drawn the new search (the router's navigations commit in a transition).
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ town: 'Belfast', sort: 'name' }));
    const requestsBefore = listQueries(api).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'skin fade');
    // Nothing is asked while the keys come (each one restarts the SEARCH_DEBOUNCE_MS wait).
    expect(searchOf(router)).toEqual({ town: 'Belfast', sort: 'name' });

    await waitFor(() => expect(searchOf(router)).toEqual({ town: 'Belfast', q: 'skin fade', sort: 'name' }));
    expect(await screen.findByRole('article', { name: "Niamh's Cuts" })).toBeInTheDocument();
    expect(listQueries(api).slice(requestsBefore)).toEqual([
      { town: 'Belfast', q: 'skin fade', sort: 'name' },
    ]);

    // The search replaced the town's entry: Back leaves both.
    await router.back();
    expect(searchOf(router)).toEqual({ sort: 'name' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('unfolds the filters on a phone with the Filters button', async () => {
    stubApi(() => page([business('b1', 'Ciaran')]));
    const { user } = renderApp({ route: '/businesses' });
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    // Folded: in the page, hidden by the stylesheet on a phone (business-filters-bar.module.css).
    expect(panel).not.toHaveAttribute('data-open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    expect(within(panel!).getByRole('combobox', { name: 'Town' })).toBeInTheDocument();
    // The day picker's code loads apart; it takes the stand-in's place.
    await waitFor(() =>
      expect(within(panel!).getByRole('button', { name: 'Free on' })).toHaveAttribute('data-dates-input'),
    );
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('businesses page: pages', () => {
  it("adds the next page with 'Show more', with the same filters, until the last page", async () => {
    const api = stubApi((query) =>
      query.get('cursor') === 'c1'
        ? page([business('b3', 'Orla')])
        : page([business('b1', 'Ciaran'), business('b2', 'Niamh')], 'c1'),
    );
    const { user } = renderApp({ route: '/businesses?town=Belfast' });
    await screen.findByRole('article', { name: "Niamh's Cuts" });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 businesses');

    await user.click(screen.getByRole('button', { name: 'Show more' }));

    const orla = await screen.findByRole('article', { name: "Orla's Cuts" });
    expect(articles()).toHaveLength(3);
    // Focus moves in an effect after the commit that drew the card.
    await waitFor(() => expect(orla).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 businesses');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(listQueries(api)).toEqual([
      { town: 'Belfast', sort: 'next' },
      { town: 'Belfast', sort: 'next', cursor: 'c1' },
    ]);
  });

  it('starts again from the first page when the cursor is stale', async () => {
    let firstPages = 0;
    const api = stubApi((query) => {
      if (query.get('cursor') === 'c1') {
        return apiErrorResponse(400, 'ValidationError', BUSINESS_SEARCH_MESSAGES.cursor, {
          cursor: BUSINESS_SEARCH_MESSAGES.cursor,
        });
      }
      firstPages += 1;
      return firstPages === 1
        ? page([business('b1', 'Ciaran'), business('b2', 'Niamh')], 'c1')
        : page([business('b4', 'Aoife'), business('b1', 'Ciaran')], 'c2');
    });
    const { user } = renderApp({ route: '/businesses' });
    await screen.findByRole('article', { name: "Niamh's Cuts" });

    await user.click(screen.getByRole('button', { name: 'Show more' }));

    expect(await screen.findByRole('article', { name: "Aoife's Cuts" })).toBeInTheDocument();
    expect(articles().map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'business-b4-name',
      'business-b1-name',
    ]);
    expect(screen.queryByText('Failed to load businesses')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    expect(listQueries(api)).toEqual([{ sort: 'next' }, { sort: 'next', cursor: 'c1' }, { sort: 'next' }]);
  });

  it('keeps the pages shown when the next one fails, and retries it', async () => {
    let nextPages = 0;
    stubApi((query) => {
      if (query.get('cursor') !== 'c1') return page([business('b1', 'Ciaran')], 'c1');
      nextPages += 1;
      return nextPages === 1
        ? apiErrorResponse(500, 'InternalError', 'Something went wrong')
        : page([business('b3', 'Orla')]);
    });
    const { user } = renderApp({ route: '/businesses' });
    await screen.findByRole('article', { name: "Ciaran's Cuts" });

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Failed to load businesses')).toBeInTheDocument();
    expect(articles()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: "Orla's Cuts" })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load businesses')).not.toBeInTheDocument();
  });
});

describe('businesses page: no results', () => {
  it("says no business matches the filters, and 'Clear filters' lists them all again (keeping the order)", async () => {
    onWideScreen();
    const api = stubApi((query) => (query.get('town') ? page([]) : page([business('b1', 'Ciaran')])));
    const { user, router } = renderApp({ route: '/businesses?town=Newry&homeVisits=true&sort=price' });

    expect(await screen.findByText('No businesses match these filters')).toBeInTheDocument();
    expect(screen.queryByText('No businesses found.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('article', { name: "Ciaran's Cuts" })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ sort: 'price' });
    expect(listQueries(api).at(-1)).toEqual({ sort: 'price' });
    expect(screen.getByRole('combobox', { name: 'Town' })).toHaveDisplayValue('All towns');
    expect(screen.getByRole('switch', { name: 'Home visits' })).not.toBeChecked();
  });

  it("keeps the spec's empty text when nothing is filtered", async () => {
    stubApi(() => page([]));
    renderApp({ route: '/businesses?sort=name' });

    expect(await screen.findByText('No businesses found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
