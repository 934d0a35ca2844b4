import { HOME_VISIT_DISTRICTS_FORMAT, MESSAGES } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, deferred, type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  BEARD,
  businessDetails,
  FADE,
  FIRST_RENDER,
  fixToday,
  makeAwayDate,
  renderDashboard,
  stubCatalog,
} from '../testing/dashboard-fixtures';
import { AWAY_RANGE_COVERED } from './away-dates-card';
import {
  CANCELLATION_NOTICE_SAVED,
  minimumPriceDescription,
  SAVING_REQUIRES_LOGIN,
} from './configuration-panel';

type User = ReturnType<typeof renderDashboard>['user'];

async function openConfiguration(profile: Record<string, unknown> = {}) {
  const rendered = renderDashboard({ route: '/admin?tab=configuration', profile });
  await screen.findByRole('heading', { name: 'Minimum Price' }, FIRST_RENDER);
  return rendered;
}

const priceInput = () => screen.getByRole('textbox', { name: 'Minimum price (£)' });

async function typePrice(user: User, value: string) {
  await user.clear(priceInput());
  if (value) await user.paste(value);
  await user.tab();
}

/** Types `price` and saves it; the server answers with the profile at that price. */
async function saveMinimumPrice(user: User, api: FetchStub, price: number) {
  api.on(
    'PUT',
    '/api/user/minimum-price',
    jsonResponse(200, businessDetails('Business', { minimumPrice: price })),
  );
  await typePrice(user, String(price));
  await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
}

describe('minimum price', () => {
  it('shows the current minimum and checks whole pounds from £1 to £1000', async () => {
    const { user, api } = await openConfiguration({ minimumPrice: 20 });
    expect(priceInput()).toHaveValue('20');

    await typePrice(user, '0');
    expect(screen.getByText(MESSAGES.minimumPriceMin)).toBeInTheDocument();
    expect(MESSAGES.minimumPriceMin).toBe('Minimum price must be at least £1');
    await typePrice(user, '');
    expect(screen.getByText('Minimum price must be at least £1')).toBeInTheDocument();
    await typePrice(user, '1001');
    expect(screen.getByText('Minimum price cannot exceed £1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    expect(api.callsTo('PUT', '/api/user/minimum-price')).toHaveLength(0);
  });

  it("refuses a decimal as typed: '7.50' says 'Enter a whole number of pounds' and sends nothing (api-contract §8.1)", async () => {
    const { user, api } = await openConfiguration({ minimumPrice: 20 });
    api.on(
      'PUT',
      '/api/user/minimum-price',
      jsonResponse(200, businessDetails('Business', { minimumPrice: 750 })),
    );
    await user.clear(priceInput());
    await user.type(priceInput(), '7.50');
    expect(priceInput()).toHaveValue('7.50');
    expect(screen.getByText('Enter a whole number of pounds')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    expect(priceInput()).toHaveAccessibleDescription(MESSAGES.wholePounds);
    expect(api.callsTo('PUT', '/api/user/minimum-price')).toHaveLength(0);
    expect(screen.queryByText(MESSAGES.minimumPriceUpdated)).not.toBeInTheDocument();

    // Whole pounds are sent exactly as typed.
    await user.clear(priceInput());
    await user.type(priceInput(), '750');
    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/minimum-price')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/minimum-price')[0]!.body).toEqual({ minimumPrice: 750 });
  });

  it("saves a valid price and says 'Minimum price updated successfully!' for 3 seconds", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user, api } = await openConfiguration();
    await saveMinimumPrice(user, api, 35);

    expect(await screen.findByText('Minimum price updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/minimum-price')[0]!.body).toEqual({ minimumPrice: 35 });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Minimum price updated successfully!', autoClose: 3000 }),
    );
  });

  it('reads the menu again once saved: the server sets the first service to the same minimum', async () => {
    const api = stubCatalog(stubFetch(), {
      menus: [
        [FADE, BEARD],
        [{ ...FADE, minimumPrice: 35 }, BEARD],
      ],
    });
    const { user } = renderDashboard({
      route: '/admin?tab=configuration',
      profile: { minimumPrice: 20 },
      api,
    });
    await screen.findByRole('heading', { name: 'Minimum Price' }, FIRST_RENDER);
    // With several services, the card says which one its price is, and where the others' are.
    expect(
      await screen.findByText(
        'The least a customer can offer for Skin fade, your first service. Your other services keep their own minimums, under Services and team.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('30 min · from £20')).toBeInTheDocument();
    await saveMinimumPrice(user, api, 35);

    expect(await screen.findByText('30 min · from £35')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/services')).toHaveLength(2);
  });

  it('shows the new first service’s price once the menu is reordered (the server keeps them one)', async () => {
    const api = stubCatalog(
      stubFetch()
        .on(
          'GET',
          '/api/user/userdetails',
          jsonResponse(200, businessDetails('Business', { minimumPrice: 20 })),
        )
        .on(
          'GET',
          '/api/user/userdetails',
          jsonResponse(200, businessDetails('Business', { minimumPrice: 10 })),
        ),
      {
        menus: [
          [FADE, BEARD],
          [BEARD, FADE],
        ],
      },
    ).on('PUT', '/api/user/services/order', jsonResponse(200, { services: [BEARD, FADE] }));
    const { user } = renderDashboard({ route: '/admin?tab=configuration', api });
    await screen.findByRole('heading', { name: 'Minimum Price' }, FIRST_RENDER);
    await waitFor(() => expect(priceInput()).toHaveValue('20'));
    await user.click(await screen.findByRole('button', { name: 'Move Skin fade down' }));

    await waitFor(() => expect(priceInput()).toHaveValue('10'));
    expect(
      screen.getByText(
        'The least a customer can offer for Beard trim, your first service. Your other services keep their own minimums, under Services and team.',
      ),
    ).toBeInTheDocument();
  });

  it("says what the minimum is for a business with one service: an appointment's", () => {
    expect(minimumPriceDescription(undefined)).toBe(
      'The least a customer can offer for an appointment. Customers see it when they book.',
    );
    expect(minimumPriceDescription([{ name: 'Appointment' }])).toBe(
      'The least a customer can offer for an appointment. Customers see it when they book.',
    );
  });

  it("reports a refused save with the server's message, and an unreachable server with 'Failed to save minimum price'", async () => {
    const { user, api } = await openConfiguration();
    api
      .on('PUT', '/api/user/minimum-price', apiErrorResponse(403, 'Forbidden', 'Only businesses can do this'))
      .on('PUT', '/api/user/minimum-price', () => Promise.reject(new TypeError('Failed to fetch')));
    await typePrice(user, '30');
    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    expect(await screen.findByText(MESSAGES.failedToUpdateMinimumPrice)).toBeInTheDocument();
    expect(screen.getByText('Only businesses can do this')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    expect(await screen.findByText(MESSAGES.failedToSaveMinimumPrice)).toBeInTheDocument();
  });
  it("says 'Saving requires login' and goes to /login when the session has ended", async () => {
    const { user, api, router } = await openConfiguration();
    api
      .on('PUT', '/api/user/minimum-price', apiErrorResponse(401, 'NotAuthorized', 'Token expired'))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'NotAuthorized', 'Refresh token revoked'));
    await typePrice(user, '30');
    await user.click(screen.getByRole('button', { name: 'Save Minimum Price' }));
    expect(await screen.findByText(SAVING_REQUIRES_LOGIN)).toBeInTheDocument();
    expect(SAVING_REQUIRES_LOGIN).toBe('Saving requires login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Issue 29, item 3: the sign-in page says why, and signing in comes back to this tab.
    expect(router.state.location.search).toBe('?next=%2Fadmin%3Ftab%3Dconfiguration&session=ended');
    expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(MESSAGES.sessionEnded).toBe('Your session ended; sign in to carry on');
  });
});

describe('cancellation notice (api-contract §8.4)', () => {
  const noticeInput = () => screen.getByRole('textbox', { name: 'Cancellation notice (hours)' });
  const save = () => screen.getByRole('button', { name: 'Save Cancellation Notice' });

  async function typeNotice(user: User, value: string) {
    await user.clear(noticeInput());
    if (value) await user.paste(value);
    await user.tab();
  }

  it('shows the saved notice, 0 when the business has none', async () => {
    await openConfiguration({ cancellationNoticeHours: 24 });
    expect(noticeInput()).toHaveValue('24');
    expect(noticeInput()).toHaveAccessibleDescription('Whole hours from 0 to 72');
  });

  it('refuses anything but whole hours from 0 to 72, as typed, and sends nothing', async () => {
    const { user, api } = await openConfiguration({ cancellationNoticeHours: 0 });
    expect(MESSAGES.cancellationNoticeRange).toBe('Notice must be a whole number of hours from 0 to 72');
    for (const value of ['73', '-1', '', 'two', '1.5']) {
      await typeNotice(user, value);
      expect(noticeInput(), value).toHaveValue(value);
      expect(noticeInput(), value).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.cancellationNoticeRange),
      );
      await user.click(save());
    }
    expect(api.callsTo('PUT', '/api/user/cancellation-policy')).toHaveLength(0);
  });

  it('saves whole hours with PUT /user/cancellation-policy and says so', async () => {
    const { user, api } = await openConfiguration({ cancellationNoticeHours: 0 });
    api.on(
      'PUT',
      '/api/user/cancellation-policy',
      jsonResponse(200, businessDetails('Business', { cancellationNoticeHours: 72 })),
    );
    await typeNotice(user, '72');
    await user.click(save());
    expect(await screen.findByText(CANCELLATION_NOTICE_SAVED)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/cancellation-policy')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/user/cancellation-policy')[0]!.body).toEqual({ noticeHours: 72 });
    expect(noticeInput()).toHaveValue('72');
  });

  it('sends one save for a double tap', async () => {
    const { user, api } = await openConfiguration({ cancellationNoticeHours: 0 });
    const answer = deferred<Response>();
    api.on('PUT', '/api/user/cancellation-policy', () => answer.promise);
    await typeNotice(user, '12');
    await user.dblClick(save());
    answer.resolve(jsonResponse(200, businessDetails('Business', { cancellationNoticeHours: 12 })));
    expect(await screen.findByText(CANCELLATION_NOTICE_SAVED)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/cancellation-policy')).toHaveLength(1);
  });

  it("reports a refused save with the server's message, and an unreachable server with its own", async () => {
    const { user, api } = await openConfiguration();
    api
      .on(
        'PUT',
        '/api/user/cancellation-policy',
        apiErrorResponse(403, 'Forbidden', 'Only businesses can do this'),
      )
      .on('PUT', '/api/user/cancellation-policy', () => Promise.reject(new TypeError('Failed to fetch')));
    await typeNotice(user, '5');
    await user.click(save());
    expect(await screen.findByText('Failed to update cancellation notice')).toBeInTheDocument();
    expect(screen.getByText('Only businesses can do this')).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findByText('Failed to save cancellation notice')).toBeInTheDocument();
  });
});

describe('home visits', () => {
  const toggle = () => screen.getByRole('switch', { name: 'I offer home visits' });

  it('turns home visits on', async () => {
    const { user, api } = await openConfiguration({ homeVisitsEnabled: false });
    api.on(
      'PUT',
      '/api/user/home-visit',
      jsonResponse(200, businessDetails('Business', { homeVisitsEnabled: true })),
    );
    expect(toggle()).not.toBeChecked();
    await user.click(toggle());
    expect(await screen.findByText('Home visits turned on')).toBeInTheDocument();
    expect(toggle()).toBeChecked();
    expect(api.callsTo('PUT', '/api/user/home-visit')[0]!.body).toEqual({ homeVisitsEnabled: true });
  });

  it('shows the change at once and puts the toggle back when saving fails', async () => {
    const { user, api } = await openConfiguration({ homeVisitsEnabled: true });
    const response = deferred<Response>();
    api.on('PUT', '/api/user/home-visit', () => response.promise);

    await user.click(toggle());
    expect(toggle()).not.toBeChecked();
    response.resolve(apiErrorResponse(500, 'InternalError', ''));

    expect(
      await screen.findByText('Failed to update home visit setting. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(api.callsTo('PUT', '/api/user/home-visit')[0]!.body).toEqual({ homeVisitsEnabled: false });
  });

  it('names the postcode districts it travels to, checked as typed (issue 29, item 19)', async () => {
    const { user, api } = await openConfiguration({ homeVisitsEnabled: true, homeVisitDistricts: ['BT9'] });
    api.on(
      'PUT',
      '/api/user/home-visit',
      jsonResponse(
        200,
        businessDetails('Business', {
          homeVisitsEnabled: true,
          homeVisitDistricts: ['BT1', 'BT2', 'BT3', 'BT20'],
        }),
      ),
    );
    const area = screen.getByRole('textbox', { name: 'Postcode districts you travel to' });
    expect(area).toHaveValue('BT9');
    await user.clear(area);
    await user.type(area, 'BT1-BT3, Bangor');
    await user.tab();
    expect(screen.getByText(HOME_VISIT_DISTRICTS_FORMAT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Area' }));
    expect(api.callsTo('PUT', '/api/user/home-visit')).toHaveLength(0);

    await user.clear(area);
    await user.type(area, 'bt1-bt3, BT20');
    await user.click(screen.getByRole('button', { name: 'Save Area' }));
    expect(await screen.findByText('You travel to BT1–BT3, BT20.')).toBeInTheDocument();
    // The districts alone: a switch turned off meanwhile stays off.
    expect(api.callsTo('PUT', '/api/user/home-visit')[0]!.body).toEqual({
      homeVisitDistricts: 'bt1-bt3, BT20',
    });
    expect(area).toHaveValue('BT1–BT3, BT20');
  });
});

describe('away dates', () => {
  const dayButton = (label: string) => screen.getByRole('button', { name: label });
  const stored = makeAwayDate({
    id: '6f1c2a4e-8d3b-4c59-9e21-5a7b0c3d4e5f',
    startDate: '2026-03-20',
    endDate: '2026-03-22',
    reason: 'Trade show',
    createdAt: 1_772_000_000_000,
  });

  it('offers two months from today, with past and already covered days disabled', async () => {
    fixToday('2026-03-10T12:00:00Z');
    await openConfiguration({ awayDates: [stored] });
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.getByText('April 2026')).toBeInTheDocument();
    expect(dayButton('9 March 2026')).toBeDisabled();
    expect(dayButton('1 March 2026')).toBeDisabled();
    expect(dayButton('10 March 2026')).toBeEnabled();
    expect(dayButton('21 March 2026')).toBeDisabled();
    expect(dayButton('23 March 2026')).toBeEnabled();
    expect(dayButton('30 April 2026')).toBeEnabled();
    const list = screen.getByRole('list', { name: 'Your away dates' });
    expect(within(list).getByText('Fri 20 Mar 2026 – Sun 22 Mar 2026')).toBeInTheDocument();
    expect(within(list).getByText('Trade show')).toBeInTheDocument();
  });

  it("adds a period with a reason of at most 100 characters, keeping the stored ones: 'Away dates added'", async () => {
    fixToday('2026-03-10T12:00:00Z');
    const { user, api } = await openConfiguration({ awayDates: [stored] });
    api.on('PUT', '/api/user/away-dates', ({ body }) =>
      jsonResponse(
        200,
        businessDetails('Business', {
          awayDates: [
            stored,
            {
              ...(body as { awayDates: object[] }).awayDates[1],
              id: 'c0ffee00-0000-4000-8000-000000000001',
              createdAt: 1,
              status: 'active',
            },
          ],
        }),
      ),
    );
    const add = screen.getByRole('button', { name: 'Add Away Dates' });
    expect(add).toBeDisabled();

    await user.click(dayButton('12 March 2026'));
    await user.click(dayButton('14 March 2026'));
    expect(screen.getByText('Selected: Thu 12 Mar 2026 – Sat 14 Mar 2026')).toBeInTheDocument();

    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' });
    await user.click(reason);
    await user.paste('x'.repeat(120));
    expect(reason).toHaveValue('x'.repeat(100));
    expect(screen.getByText('100/100 characters')).toBeInTheDocument();

    await user.click(add);
    expect(await screen.findByText(MESSAGES.awayDatesAdded)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')[0]!.body).toEqual({
      awayDates: [
        {
          id: stored.id,
          startDate: '2026-03-20',
          endDate: '2026-03-22',
          reason: 'Trade show',
          createdAt: stored.createdAt,
          status: 'active',
        },
        { startDate: '2026-03-12', endDate: '2026-03-14', reason: 'x'.repeat(100) },
      ],
    });
    const list = screen.getByRole('list', { name: 'Your away dates' });
    expect(within(list).getByText('Thu 12 Mar 2026 – Sat 14 Mar 2026')).toBeInTheDocument();
    expect(dayButton('13 March 2026')).toBeDisabled();
  });

  it('refuses a range that runs over days already covered', async () => {
    fixToday('2026-03-10T12:00:00Z');
    const { user, api } = await openConfiguration({ awayDates: [stored] });
    await user.click(dayButton('19 March 2026'));
    await user.click(dayButton('24 March 2026'));
    expect(screen.getByText(AWAY_RANGE_COVERED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Away Dates' })).toBeDisabled();
    expect(api.callsTo('PUT', '/api/user/away-dates')).toHaveLength(0);
  });

  it("removes a period by saving the list without it, and says 'Failed to save away dates' when that fails", async () => {
    fixToday('2026-03-10T12:00:00Z');
    const other = makeAwayDate({
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      startDate: '2026-05-01',
      endDate: '2026-05-01',
      reason: undefined,
    });
    const { user, api } = await openConfiguration({ awayDates: [stored, other] });
    api
      .on('PUT', '/api/user/away-dates', () => Promise.reject(new TypeError('Failed to fetch')))
      .on(
        'PUT',
        '/api/user/away-dates',
        jsonResponse(200, businessDetails('Business', { awayDates: [other] })),
      );

    await user.click(
      screen.getByRole('button', { name: 'Remove away dates Fri 20 Mar 2026 – Sun 22 Mar 2026' }),
    );
    expect(await screen.findByText(MESSAGES.failedToSaveAwayDates)).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Remove away dates Fri 20 Mar 2026 – Sun 22 Mar 2026' }),
    );
    expect(await screen.findByText('Away dates removed')).toBeInTheDocument();
    const bodies = api.callsTo('PUT', '/api/user/away-dates').map((call) => call.body);
    expect(bodies[1]).toEqual({
      awayDates: [
        {
          id: other.id,
          startDate: '2026-05-01',
          endDate: '2026-05-01',
          createdAt: other.createdAt,
          status: 'active',
        },
      ],
    });
    const list = screen.getByRole('list', { name: 'Your away dates' });
    expect(within(list).queryByText('Fri 20 Mar 2026 – Sun 22 Mar 2026')).not.toBeInTheDocument();
    expect(within(list).getByText('Fri 1 May 2026')).toBeInTheDocument();
  });
});
