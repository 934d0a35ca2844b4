import { atMostCharacters, MAX_ID_LENGTH, MESSAGES } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingCreated } from '@/testing/bookings';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import {
  availableTimes,
  choosePrice,
  continueButton,
  NOW,
  openWizard,
  pickTime,
  reachReview,
  stepButtons,
  stepHeading,
  stubBooking,
  type User,
} from '../testing/booking-wizard-fixtures';

beforeEach(() => {
  // Only the clock is fixed; timers stay real so debounces and Mantine behave as in a browser.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('booking wizard: steps', () => {
  it('has three steps when the business offers no home visits', async () => {
    openWizard();
    await stepHeading('Date & Time');
    expect(stepButtons()).toEqual(['Step 1: Date & Time', 'Step 2: Price', 'Step 3: Review']);
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('has four steps, Location third, when the business offers home visits', async () => {
    openWizard({ businessOverrides: { homeVisitsEnabled: true } });
    await stepHeading('Date & Time');
    expect(stepButtons()).toEqual([
      'Step 1: Date & Time',
      'Step 2: Price',
      'Step 3: Location',
      'Step 4: Review',
    ]);
  });

  it("says the business's cancellation notice when it asks for one (api-contract §8.4)", async () => {
    openWizard({ businessOverrides: { cancellationNoticeHours: 24 } });
    expect(await screen.findByText("Kelly's Cuts asks for 24 hours' notice to cancel.")).toBeInTheDocument();
  });

  it('says before the request what the business takes online once it agrees (api-contract §9.2)', async () => {
    const { user } = openWizard({
      businessOverrides: { onlinePayment: { mode: 'deposit', depositPercent: 20 } },
    });
    expect(
      await screen.findByText('A 20% deposit is taken when your booking is agreed.'),
    ).toBeInTheDocument();
    await reachReview(user, '£55');
    const review = screen.getByRole('region', { name: 'Your request' });
    expect(within(review).getByText('£11.00 once agreed')).toBeInTheDocument();
  });

  it('shows where the shop is with a Directions link (a maps search in a new tab)', async () => {
    openWizard({ businessOverrides: { BusinessAddress: 'Belfast, BT1 2AB' } });
    await screen.findByRole('heading', { level: 1, name: "Kelly's Cuts" });
    expect(screen.getByText(/Belfast, BT1 2AB/)).toBeInTheDocument();
    const directions = screen.getByRole('link', { name: /^Directions to Kelly's Cuts/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Belfast%2C%20BT1%202AB',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions.getAttribute('rel')).toContain('noopener');
  });

  it('says nothing about notice when the business asks for none', async () => {
    openWizard({ businessOverrides: { cancellationNoticeHours: 0 } });
    await screen.findByRole('heading', { level: 1, name: "Kelly's Cuts" });
    expect(screen.queryByText(/notice to cancel/)).not.toBeInTheDocument();
  });

  it("shows the business's name and offers only days with free times", async () => {
    openWizard();
    expect(await screen.findByRole('heading', { level: 1, name: "Kelly's Cuts" })).toBeInTheDocument();
    expect(screen.getByText("Kelly's Cuts")).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Saturday 5 December 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Monday 7 December 2026' })).toBeEnabled();
    // No slots that day (away, closed or taken: the server simply sends none).
    expect(screen.getByRole('button', { name: 'Friday 4 December 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sunday 6 December 2026' })).toBeDisabled();
    // The window ends four weeks on.
    expect(screen.getByRole('button', { name: 'Tuesday 29 December 2026' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Wednesday 30 December 2026' })).not.toBeInTheDocument();

    // The first day with a free time is open, with its hours.
    expect(screen.getByRole('button', { name: 'Saturday 5 December 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const times = within(screen.getByRole('group', { name: 'Times on Saturday 5 December' }));
    expect(times.getAllByRole('button').map((button) => button.textContent)).toEqual(['10:00', '11:00']);
  });

  it('shows the hours of the day chosen', async () => {
    const { user } = openWizard();
    await user.click(await screen.findByRole('button', { name: 'Monday 7 December 2026' }));
    const times = within(screen.getByRole('group', { name: 'Times on Monday 7 December' }));
    expect(times.getAllByRole('button').map((button) => button.textContent)).toEqual(['09:00']);
  });

  it('moves to the price step as soon as a time is chosen, and Back returns with it still chosen', async () => {
    const { user } = openWizard();
    await stepHeading('Date & Time');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '11:00' }));

    expect(await stepHeading('Price')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Date & Time');
    expect(screen.getByRole('button', { name: '11:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(continueButton()).toBeEnabled();
  });

  it('says so when the business has no free times at all', async () => {
    openWizard({ slots: [] });
    expect(await screen.findByText('No free times')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Businesses' })).toHaveAttribute('href', '/businesses');
  });

  it("shows 'Failed to load availability' when the free times cannot be loaded, with a retry", async () => {
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/available-times', apiErrorResponse(503, 'Unavailable', 'Try later'))
      .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()));
    const { user } = renderApp({ route: '/booking/biz-1', session: {} });

    expect(await screen.findByText(MESSAGES.failedToLoadAvailability)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/available-times')).toHaveLength(2);
  });
});

describe('booking wizard: the calendar by keyboard (issue 29, item 20)', () => {
  const KEYBOARD_SLOTS = ['2026-12-03 10:00', '2026-12-04 10:00', '2026-12-10 10:00', '2026-12-11 10:00'];
  const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

  it('is one Tab stop, and the arrows move between the days with a free time', async () => {
    const { user } = openWizard({ slots: KEYBOARD_SLOTS });
    await screen.findByRole('button', { name: '10:00' });
    const stops = [...document.querySelectorAll<HTMLButtonElement>('[data-date]')].filter(
      (button) => button.tabIndex === 0,
    );
    expect(stops).toEqual([day('2026-12-03')]);

    day('2026-12-03').focus();
    await user.keyboard('{ArrowRight}');
    expect(day('2026-12-04')).toHaveFocus();
    // Past the days without a free time (5 to 9 December).
    await user.keyboard('{ArrowRight}');
    expect(day('2026-12-10')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('2026-12-03')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('2026-12-10')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('2026-12-11')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('2026-12-03')).toHaveFocus();
    // Nothing before the first free day: focus stays.
    await user.keyboard('{ArrowLeft}');
    expect(day('2026-12-03')).toHaveFocus();
    expect(day('2026-12-03').tabIndex).toBe(0);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { name: /^Times on .*10 Dec/ })).toBeInTheDocument();
    expect(day('2026-12-10').tabIndex).toBe(0);
    expect(day('2026-12-03').tabIndex).toBe(-1);
  });
});

describe('booking wizard: price', () => {
  it('offers the minimum, four steps of £5 above it and a custom price; Continue waits for a choice', async () => {
    const { user } = openWizard({ businessOverrides: { minimumPrice: 50 } });
    await pickTime(user);

    const options = screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'));
    expect(options).toEqual(['£50 (minimum)', '£55', '£60', '£65', '£70', 'Custom amount']);
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '£50 (minimum)' }));
    expect(continueButton()).toBeEnabled();
  });

  it('steps up from a low minimum instead of jumping to £45 (issue 29, item 7)', async () => {
    const { user } = openWizard({ businessOverrides: { minimumPrice: 20 } });
    await pickTime(user);
    const options = screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'));
    expect(options).toEqual(['£20 (minimum)', '£25', '£30', '£35', '£40', 'Custom amount']);
  });

  it('takes a custom price typed with its pound sign (issue 29, item 8)', async () => {
    const { user } = openWizard({ businessOverrides: { minimumPrice: 22 } });
    await pickTime(user);
    await user.click(screen.getByRole('radio', { name: 'Custom amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Custom price' }), '£30');
    await user.tab();
    expect(screen.queryByText('Price must be at least £22')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Custom price' }));
    await user.type(screen.getByRole('textbox', { name: 'Custom price' }), 'thirty');
    expect(await screen.findByText('Enter a whole number of pounds')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it("refuses a custom price below the minimum with 'Price must be at least £{min}'", async () => {
    const { user } = openWizard({ businessOverrides: { minimumPrice: 50 } });
    await pickTime(user);

    await user.click(screen.getByRole('radio', { name: 'Custom amount' }));
    const input = screen.getByRole('textbox', { name: 'Custom price' });
    await user.type(input, '40');
    await user.tab();

    expect(await screen.findByText('Price must be at least £50')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton()).toBeDisabled();

    await user.clear(input);
    await user.type(input, '62.5');
    expect(await screen.findByText(MESSAGES.wholePounds)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await user.clear(input);
    await user.type(input, '62');
    await waitFor(() => expect(screen.queryByText(MESSAGES.wholePounds)).not.toBeInTheDocument());
    expect(continueButton()).toBeEnabled();
  });
});

describe('booking wizard: location', () => {
  async function reachLocation(user: User) {
    await pickTime(user);
    await choosePrice(user, '£60');
    await stepHeading('Location');
  }

  it('books at the shop unless a home visit is confirmed', async () => {
    const { user } = openWizard({ businessOverrides: { homeVisitsEnabled: true } });
    await reachLocation(user);
    expect(screen.getByRole('radio', { name: 'At the shop' })).toHaveAttribute('aria-checked', 'true');
    expect(continueButton()).toBeEnabled();
  });

  it('without a profile address: explains, links to /profile, and takes an address for this visit by the profile’s rules', async () => {
    const { user, api } = openWizard({
      businessOverrides: { homeVisitsEnabled: true },
      profile: { Address: null },
    });
    stubBooking(api, jsonResponse(201, bookingCreated()));
    await reachLocation(user);

    await user.click(screen.getByRole('radio', { name: 'Home visit' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Home visit address' }));
    expect(dialog.getByText(MESSAGES.addressRequiredTitle)).toBeInTheDocument();
    expect(dialog.getByText(MESSAGES.homeVisitAddressRequired)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Add an address in your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await user.click(dialog.getByRole('button', { name: 'Confirm Address' }));
    expect(dialog.getByText(MESSAGES.profileAddressLine1Required)).toBeInTheDocument();
    expect(dialog.getByText(MESSAGES.postcodeRequired)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Home visit' })).toHaveAttribute('aria-checked', 'false');

    await user.type(dialog.getByRole('textbox', { name: /^Address line 1/ }), '7 Lisburn Road');
    await user.type(dialog.getByRole('textbox', { name: /^City\/Town/ }), 'Belfast');
    await user.type(dialog.getByRole('textbox', { name: /^Postcode/ }), 'bt97aa');
    await user.click(dialog.getByRole('button', { name: 'Confirm Address' }));
    expect(screen.getByRole('radio', { name: 'Home visit' })).toHaveAttribute('aria-checked', 'true');
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Send Request' }));
    await screen.findByRole('dialog', { name: 'Request sent' });
    expect(api.callsTo('POST', '/api/booking/book')[0]?.body).toMatchObject({
      isHomeVisit: true,
      customerAddress: '7 Lisburn Road, Belfast, BT9 7AA',
    });
  });

  it('names the districts the business travels to, and refuses an address outside them', async () => {
    const { user } = openWizard({
      businessOverrides: { homeVisitsEnabled: true, homeVisitDistricts: ['BT1', 'BT2', 'BT3'] },
      profile: { Address: '14 Main Street, Bangor, BT20 5AA' },
    });
    await reachLocation(user);
    await user.click(screen.getByRole('radio', { name: 'Home visit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Home visit address' }));
    expect(dialog.getByText("Kelly's Cuts travels to BT1–BT3.")).toBeInTheDocument();
    // The profile's address is elsewhere: said beside it, and another address is asked for.
    const outside =
      "Kelly's Cuts travels to BT1–BT3 only: this address is in BT20. Choose an address there, or visit the shop.";
    expect(dialog.getByRole('radio', { name: 'The address in my profile' })).toHaveAccessibleDescription(
      expect.stringContaining(outside),
    );
    expect(dialog.getByRole('radio', { name: 'Another address for this visit' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'The address in my profile' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(outside);
    await user.click(dialog.getByRole('button', { name: 'Confirm Address' }));
    expect(screen.getByRole('radio', { name: 'Home visit' })).toHaveAttribute('aria-checked', 'false');

    await user.click(dialog.getByRole('radio', { name: 'Another address for this visit' }));
    await user.type(dialog.getByRole('textbox', { name: /^Address line 1/ }), '3 Castle Place');
    await user.type(dialog.getByRole('textbox', { name: /^City\/Town/ }), 'Belfast');
    await user.type(dialog.getByRole('textbox', { name: /^Postcode/ }), 'BT1 1AA');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm Address' }));
    expect(screen.getByRole('radio', { name: 'Home visit' })).toHaveAttribute('aria-checked', 'true');
  });

  it("says 'Home visit cancelled' and stays at the shop when the address dialog is dismissed", async () => {
    const { user } = openWizard({ businessOverrides: { homeVisitsEnabled: true } });
    await reachLocation(user);

    await user.click(screen.getByRole('radio', { name: 'Home visit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Home visit address' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText(MESSAGES.homeVisitCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'At the shop' })).toHaveAttribute('aria-checked', 'true');
  });

  it('sends a home visit with the profile address once it is confirmed', async () => {
    const address = '12 Castle Street, Belfast, BT1 1AA';
    const { user, api } = openWizard({
      businessOverrides: { homeVisitsEnabled: true },
      profile: { Address: address },
    });
    stubBooking(api, jsonResponse(201, bookingCreated()));
    await reachLocation(user);

    await user.click(screen.getByRole('radio', { name: 'Home visit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Home visit address' }));
    expect(dialog.getByText(address)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm Address' }));
    expect(screen.getByRole('radio', { name: 'Home visit' })).toHaveAttribute('aria-checked', 'true');

    await user.click(continueButton());
    const review = within(await screen.findByRole('region', { name: 'Your request' }));
    expect(review.getByText('Home visit')).toBeInTheDocument();
    expect(review.getByText(address)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('dialog', { name: 'Request sent' });
    expect(api.callsTo('POST', '/api/booking/book')[0]?.body).toEqual({
      businessId: 'biz-1',
      bookingDateTime: '2026-12-05 10:00',
      price: '60',
      isHomeVisit: true,
      customerAddress: address,
    });
  });
});

describe('booking wizard: review and sending', () => {
  it('summarises the chosen time, price and place, and sends exactly that', async () => {
    const { user, api } = openWizard();
    stubBooking(api, jsonResponse(201, bookingCreated()));
    await reachReview(user, '£55');

    const review = within(screen.getByRole('region', { name: 'Your request' }));
    expect(review.getByText('Ciaran Kelly')).toBeInTheDocument();
    expect(review.getByText('Saturday 5 December 2026, 10:00')).toBeInTheDocument();
    expect(review.getByText('£55')).toBeInTheDocument();
    expect(review.getByText('At the shop')).toBeInTheDocument();
    expect(review.getByText(/2 High Street, Belfast, BT1 2AB/)).toBeInTheDocument();
    expect(review.getByRole('link', { name: /^Directions to Kelly's Cuts/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=2%20High%20Street%2C%20Belfast%2C%20BT1%202AB',
    );

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByRole('dialog', { name: 'Request sent' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/book')[0]?.body).toEqual({
      businessId: 'biz-1',
      bookingDateTime: '2026-12-05 10:00',
      price: '55',
      isHomeVisit: false,
    });
  });

  it('sends one request for a double tap on Send Request', async () => {
    const { user, api } = openWizard();
    const response = deferred<Response>();
    stubBooking(api, () => response.promise);
    await reachReview(user);

    const send = screen.getByRole('button', { name: 'Send Request' });
    // Both clicks land before React re-renders (a double tap on a phone).
    fireEvent.click(send);
    fireEvent.click(send);
    response.resolve(jsonResponse(201, bookingCreated({ id: 'booking-9' })));

    expect(await screen.findByRole('dialog', { name: 'Request sent' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/book')).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.bookingFailed)).not.toBeInTheDocument();
  });

  it("does not send a request the server's own rules refuse, and says why", async () => {
    // An address bar's id longer than any the server keeps: the shared schema refuses it before
    // anything is sent, in the server's words.
    const { user, api } = openWizard({ businessId: 'b'.repeat(MAX_ID_LENGTH + 1) });
    stubBooking(api, jsonResponse(201, bookingCreated()));
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(MESSAGES.bookingFailed)).toBeInTheDocument();
    expect(screen.getByText(atMostCharacters(MAX_ID_LENGTH))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/book')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  });

  it("lets a part be changed from the review ('Change price')", async () => {
    const { user } = openWizard();
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Change price' }));
    expect(await stepHeading('Price')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '£55' })).toHaveAttribute('aria-checked', 'true');
  });

  it("'Go to Appointments' in the confirmation goes to /profile", async () => {
    const { user, api, router } = openWizard();
    stubBooking(api, jsonResponse(201, bookingCreated()));
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Request sent' }));
    await user.click(dialog.getByRole('button', { name: 'Go to Appointments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it("'Go to Appointments' opens the Requested tab at the new request", async () => {
    const { user, api, router } = openWizard();
    stubBooking(api, jsonResponse(201, bookingCreated({ id: 'booking-9' })));
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Request sent' }));
    await user.click(dialog.getByRole('button', { name: 'Go to Appointments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=requested&booking=booking-9');
  });

  it("'Close' in the confirmation goes to /", async () => {
    const { user, api, router } = openWizard();
    stubBooking(api, jsonResponse(200, bookingCreated()));
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Request sent' }));
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("on 401 says 'Authentication required / You must be logged in to book' and goes to /login", async () => {
    const { user, api, router } = openWizard();
    stubBooking(api, apiErrorResponse(401, 'Unauthorized', 'Access token expired'));
    api.on('POST', '/api/auth/refresh', apiErrorResponse(401, 'InvalidRefreshToken', 'Session ended'));
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(MESSAGES.authenticationRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.mustBeLoggedInToBook)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's message under 'Booking failed'", async () => {
    const { user, api } = openWizard();
    stubBooking(api, apiErrorResponse(403, 'Forbidden', 'Only customers can book appointments'));
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(MESSAGES.bookingFailed)).toBeInTheDocument();
    expect(screen.getByText('Only customers can book appointments')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Request sent' })).not.toBeInTheDocument();
  });

  it("says 'Booking failed.' when the server gives no message", async () => {
    const { user, api } = openWizard();
    stubBooking(api, new Response('', { status: 502 }));
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(MESSAGES.bookingFailedFallback)).toBeInTheDocument();
  });

  it("says 'Failed to confirm booking. Please try again.' when the network fails", async () => {
    const { user, api } = openWizard();
    stubBooking(api, () => {
      throw new TypeError('Failed to fetch');
    });
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(MESSAGES.failedToConfirmBooking)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  });

  it('refreshes the free times after a failure and asks for another time when the hour has gone', async () => {
    const { user, api } = openWizard({ laterSlots: [['2026-12-05 11:00', '2026-12-07 09:00']] });
    stubBooking(api, apiErrorResponse(409, 'SlotTaken', 'That time has just been taken'));
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('That time has just been taken')).toBeInTheDocument();
    expect(await screen.findByText('This time is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument();
  });

  it('keeps the wizard and its choices when a background refresh of the free times fails', async () => {
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()))
      .on('GET', '/api/booking/available-times', apiErrorResponse(503, 'Unavailable', 'Try later'));
    stubBooking(api, apiErrorResponse(409, 'SlotTaken', 'That time has just been taken'));
    const { user } = renderApp({ route: '/booking/biz-1', session: {} });
    await reachReview(user);

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('That time has just been taken')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/available-times')).toHaveLength(2));
    expect(screen.queryByText(MESSAGES.failedToLoadAvailability)).not.toBeInTheDocument();
    expect(screen.getByText('Saturday 5 December 2026, 10:00')).toBeInTheDocument();
  });
});

describe('booking wizard: the waiting list (api-contract §9.4)', () => {
  it('asks to hear of a time on a full day, the first such day offered', async () => {
    const { user, api } = openWizard();
    await stepHeading('Date & Time');
    const wait = screen.getByRole('region', { name: 'Day full, or no time that suits?' });
    const day = within(wait).getByRole('combobox', { name: 'Day' });
    // 1 December has no free time in SLOTS: the first day without one.
    expect(day).toHaveValue('2026-12-01');
    expect(within(wait).getByRole('option', { name: 'Saturday 5 December 2026' })).toBeInTheDocument();
    expect(
      within(wait).getByRole('option', { name: 'Sunday 6 December 2026 (no free time)' }),
    ).toBeInTheDocument();
    await user.selectOptions(day, '2026-12-06');
    api.on(
      'POST',
      '/api/booking/waitlist',
      jsonResponse(201, {
        entry: { id: 'w1', businessId: 'biz-1', businessName: "Kelly's Cuts", date: '2026-12-06' },
      }),
    );
    await user.click(within(wait).getByRole('button', { name: 'Tell Me If a Time Opens' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/booking/waitlist')[0]?.body).toEqual({
        businessId: 'biz-1',
        date: '2026-12-06',
      }),
    );
    expect(
      await screen.findByText('We will email you if a time opens on Sunday 6 December 2026'),
    ).toBeInTheDocument();
  });
});
