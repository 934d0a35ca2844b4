import {
  type AvailableTimesResponse,
  addDays,
  type BusinessSummary,
  MESSAGES,
  todayInLondon,
} from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { singleServiceCatalog } from '@/testing/bookings';
import { apiErrorResponse, deferred, type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import { clientLoader as bookingLoader, meta as bookingMeta } from '../../../../app/routes/booking';

const BUSINESSES: BusinessSummary[] = [
  {
    id: 'biz-1',
    FirstName: 'Ciaran',
    LastName: 'Kelly',
    BusinessName: "Kelly's Cuts",
    BusinessDescription: 'Skin fades and beard trims on the Lisburn Road.',
    BusinessAddress: '210 Lisburn Road, Belfast, BT9 6GD',
    BusinessTown: 'Belfast',
    minimumPrice: 30,
    services: ['Skin fade', 'Beard trim'],
    homeVisitsEnabled: true,
    homeVisitDistricts: [],
    cancellationNoticeHours: 24,
    nextAvailable: `${addDays(todayInLondon(), 1)} 10:00`,
    rating: { average: 4.6, count: 23 },
  },
  {
    id: 'biz-2',
    FirstName: 'Niamh',
    LastName: 'Doherty',
    BusinessName: '',
    BusinessDescription: '',
    BusinessAddress: 'Derry, BT48 7AB',
    BusinessTown: 'Derry',
    minimumPrice: 45,
    services: ['Appointment'],
    homeVisitsEnabled: false,
    homeVisitDistricts: [],
    cancellationNoticeHours: 0,
    nextAvailable: null,
    rating: { average: null, count: 0 },
  },
];

/** The card that names `person` (cards lead with the business's name; the owner's is secondary). */
const card = async (person: string) => {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('article').find((article) => article.textContent?.includes(person));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
};

/** A business page's head tags as the browser makes them on a later visit (its clientLoader, then meta). */
const bookingPageTags = (businessId: string) => {
  const params = { businessId };
  return bookingMeta({ loaderData: bookingLoader({ params } as never), matches: [], params } as never);
};

const list = (businesses: BusinessSummary[]) => jsonResponse(200, { businesses, nextCursor: null });

/** The API with the list's towns; each test adds its own /booking/businesses answers. */
const stubApi = (): FetchStub =>
  stubFetch().on('GET', '/api/booking/towns', jsonResponse(200, { towns: [{ town: 'Belfast', count: 1 }] }));

describe('businesses page', () => {
  it("shows a card per business with its name, business name, minimum price and a 'Request Now' link", async () => {
    stubApi().on('GET', '/api/booking/businesses', list(BUSINESSES));
    renderApp({ route: '/businesses' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Available Barbers' })).toBeInTheDocument();
    const kelly = within(await card('Ciaran Kelly'));
    // api-contract §9.1: the card leads with the business's name, a link to its page.
    expect(kelly.getByRole('heading', { name: "Kelly's Cuts" })).toBeInTheDocument();
    expect(kelly.getByRole('link', { name: "Kelly's Cuts" })).toHaveAttribute('href', '/booking/biz-1');
    expect(kelly.getByText('Ciaran Kelly')).toBeInTheDocument();
    expect(kelly.getByText('Skin fades and beard trims on the Lisburn Road.')).toBeInTheDocument();
    expect(kelly.getByText('From £30')).toBeInTheDocument();
    // api-contract §9.3: its menu by name; a business with only its default Appointment shows none.
    expect(kelly.getByText('Skin fade · Beard trim')).toBeInTheDocument();
    expect(kelly.getByText('Home visits')).toBeInTheDocument();
    expect(kelly.getByRole('link', { name: 'Request Now' })).toHaveAttribute('href', '/booking/biz-1');
    expect(kelly.getByText('Next free: Tomorrow 10:00')).toBeInTheDocument();

    const doherty = within(await card('Niamh Doherty'));
    expect(doherty.getByText(MESSAGES.unknownBusiness)).toBeInTheDocument();
    expect(doherty.getByText('From £45')).toBeInTheDocument();
    expect(doherty.queryByText('Home visits')).not.toBeInTheDocument();
    expect(doherty.queryByText('Appointment')).not.toBeInTheDocument();
    expect(doherty.getByRole('link', { name: 'Request Now' })).toHaveAttribute('href', '/booking/biz-2');
    expect(doherty.getByText('No free hours in the next 4 weeks')).toBeInTheDocument();

    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("shows each card's rating, in words for screen readers: the average from 3 reviews, else New or the count", async () => {
    const fewReviews = {
      ...BUSINESSES[1]!,
      id: 'biz-3',
      FirstName: 'Orla',
      rating: { average: null, count: 2 },
    };
    stubApi().on('GET', '/api/booking/businesses', list([...BUSINESSES, fewReviews]));
    renderApp({ route: '/businesses' });

    const kelly = await card('Ciaran Kelly');
    expect(within(kelly).getByText('★ 4.6 (23)')).toHaveAttribute('aria-hidden', 'true');
    expect(within(kelly).getByText('Rated 4.6 out of 5 from 23 reviews')).toBeInTheDocument();
    const doherty = await card('Niamh Doherty');
    expect(within(doherty).getByText('New')).toBeInTheDocument();
    expect(within(doherty).getByText('New: no reviews yet')).toBeInTheDocument();
    const orla = await card('Orla Doherty');
    expect(within(orla).getAllByText('2 reviews')).toHaveLength(2);
    expect(within(orla).queryByText(/★/)).not.toBeInTheDocument();
  });

  it('shows where each shop is (the full address, or only town and postcode) with a Directions link to a maps search', async () => {
    stubApi().on('GET', '/api/booking/businesses', list(BUSINESSES));
    renderApp({ route: '/businesses' });

    const kelly = within(await card('Ciaran Kelly'));
    expect(kelly.getByText(/210 Lisburn Road, Belfast, BT9 6GD/)).toBeInTheDocument();
    const directions = kelly.getByRole('link', { name: /^Directions to Kelly's Cuts/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=210%20Lisburn%20Road%2C%20Belfast%2C%20BT9%206GD',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions.getAttribute('rel')).toContain('noopener');

    const doherty = within(await card('Niamh Doherty'));
    expect(doherty.getByText(/Derry, BT48 7AB/)).toBeInTheDocument();
    expect(doherty.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Derry%2C%20BT48%207AB',
    );
  });

  it("says 'No businesses found.' when the list is empty", async () => {
    stubApi().on('GET', '/api/booking/businesses', list([]));
    renderApp({ route: '/businesses' });

    expect(await screen.findByText(MESSAGES.noBusinessesFound)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request Now' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while the list loads, then the cards', async () => {
    const response = deferred<Response>();
    stubApi().on('GET', '/api/booking/businesses', () => response.promise);
    renderApp({ route: '/businesses' });

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading businesses...');
    expect(screen.getAllByTestId('business-skeleton').length).toBeGreaterThan(0);

    response.resolve(list(BUSINESSES));
    expect(await card('Ciaran Kelly')).toBeInTheDocument();
    expect(screen.queryByText('Loading businesses...')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load businesses' on error, and a retry that loads them", async () => {
    const api = stubApi()
      .on('GET', '/api/booking/businesses', apiErrorResponse(500, 'InternalError', 'Something went wrong'))
      .on('GET', '/api/booking/businesses', list(BUSINESSES));
    const { user } = renderApp({ route: '/businesses' });

    expect(await screen.findByText(MESSAGES.failedToLoadBusinesses)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await card('Ciaran Kelly')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToLoadBusinesses)).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/businesses')).toHaveLength(2);
  });

  it("'Request Now' opens the booking wizard for a signed-in customer", async () => {
    stubApi()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/businesses', list(BUSINESSES))
      .on(
        'GET',
        '/api/booking/available-times',
        jsonResponse(200, {
          business: { ...BUSINESSES[0]!, availability: {}, awayDates: [], onlinePayment: null },
          availability: {},
          awayDates: [],
          slots: [],
          ...singleServiceCatalog(BUSINESSES[0]!.minimumPrice),
        } satisfies AvailableTimesResponse),
      );
    const { user, router } = renderApp({ route: '/businesses', session: {} });

    await user.click(within(await card('Ciaran Kelly')).getByRole('link', { name: 'Request Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/biz-1'));
    expect(await screen.findByRole('heading', { level: 1, name: "Kelly's Cuts" })).toBeInTheDocument();
    // Its title names the business and its town, as the server's page does (api-contract §9.1).
    expect(bookingPageTags('biz-1')).toContainEqual({ title: "Kelly's Cuts, Belfast · TrimTime NI" });
  });

  it("opens a business's page for a visitor too (api-contract §9.1)", async () => {
    stubApi().on('GET', '/api/booking/businesses', list(BUSINESSES));
    const { user, router } = renderApp({ route: '/businesses' });
    await card('Niamh Doherty');
    // Opened from the list, its title names the business from the list's card before the page's
    // own answer comes, as the server's page does (the spec's fallback for no business name).
    expect(bookingPageTags('biz-2')).toContainEqual({ title: 'Unknown Business, Derry · TrimTime NI' });

    await user.click(within(await card('Niamh Doherty')).getByRole('link', { name: 'Request Now' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/booking\//));
  });
});
