import { MESSAGE_MAX_LENGTH, MESSAGES, THREAD_MESSAGES, THREAD_PAGE_SIZE } from '@app/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  liveStream,
  makeBooking,
  renderBusiness,
  renderCustomer,
  threadCalls,
  threadLine,
  threadPage,
  threadServer,
  unreadCounts,
} from '../testing/thread-fixtures';
import { MESSAGE_NOT_SENT, TOO_MANY_MESSAGES } from './message-composer';

// The clock stands on Friday 20 November 2026, 12:00 in Northern Ireland (GMT).
const NOW = new Date('2026-11-20T12:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const requested = makeBooking({
  id: 'b1',
  Status: 'Requested',
  BookingDateTime: '2026-12-05 10:00',
  BusinessName: 'Fade Factory',
  customerName: 'Aoife Byrne',
});
const CARD = 'Fade Factory, Sat 5 Dec 2026, 10:00';
const card = () => screen.findByRole('article', { name: CARD });
const thread = () => screen.findByRole('dialog', { name: 'Messages with Fade Factory' });
const conversation = (dialog: HTMLElement) => within(dialog).getByRole('log', { name: 'Conversation' });
const lineTexts = (dialog: HTMLElement) =>
  within(conversation(dialog))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('a booking thread (api-contract §8.8)', () => {
  it("opens from the card with the other party's name, every line at its Northern Ireland time, status changes and the reader's own lines apart", async () => {
    const server = threadServer([
      threadLine({ body: 'Can you do £25 if I come at 9?', createdAt: '2025-12-31T23:30:00.000Z' }),
      // 08:00 UTC in July is 09:00 in Northern Ireland (BST).
      threadLine({ from: 'system', body: 'Booking requested: £30', createdAt: '2026-07-01T08:00:00.000Z' }),
      threadLine({
        from: 'business',
        body: 'Which door?\nThe side one?',
        createdAt: '2026-11-20T10:05:00.000Z',
      }),
      threadLine({ from: 'system', body: 'Counter offer: £40', createdAt: '2026-11-20T10:06:00.000Z' }),
    ]);
    const api = stubFetch().on('GET', '/api/booking/messages', server.respond);
    api.on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api, unread: unreadCounts({ b1: 2 }) });

    // The unread count arrives with its own request, after the card.
    await user.click(await within(await card()).findByRole('button', { name: 'Messages, 2 unread' }));
    const dialog = await thread();
    expect(dialog).toHaveTextContent('Your booking: Sat 5 Dec 2026, 10:00');
    await waitFor(() =>
      expect(lineTexts(dialog)).toEqual([
        'You · Wed 31 Dec 2025, 23:30Can you do £25 if I come at 9?',
        'Booking requested: £30 · Wed 1 Jul 2026, 09:00',
        'Fade Factory · 10:05Which door?\nThe side one?',
        'Counter offer: £40 · 10:06',
      ]),
    );
    expect(threadCalls(api)[0]).toBe('');
    expect(api.callsTo('GET', '/api/booking/messages')[0]!.query.get('bookingId')).toBe('b1');
    const times = within(conversation(dialog)).getAllByText(/\d\d:\d\d$/, { selector: 'time' });
    expect(times[1]).toHaveAttribute('dateTime', '2026-07-01T08:00:00.000Z');
  });

  it('shows a message as typed: markup is text, never HTML', async () => {
    const typed = '<img src=x onerror="alert(1)"><b>bold?</b> & <script>alert(2)</script>';
    const api = stubFetch().on(
      'GET',
      '/api/booking/messages',
      jsonResponse(200, threadPage([threadLine({ from: 'business', body: typed })])),
    );
    api.on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();

    expect(await within(dialog).findByText(typed)).toBeInTheDocument();
    expect(dialog.querySelector('img, b, script')).toBeNull();
  });

  it('sends a message once for a double tap, shows it in the thread and empties the composer', async () => {
    const sent = deferred<Response>();
    const reply = threadLine({ body: 'Running 10 minutes late', createdAt: '2026-11-20T11:59:00.000Z' });
    const api = stubFetch()
      .on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])))
      .on('POST', '/api/booking/messages', () => sent.promise);
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    expect(await within(dialog).findByText(/No messages yet/)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Running 10 minutes late');
    doubleClick(within(dialog).getByRole('button', { name: 'Send' }));
    sent.resolve(jsonResponse(201, reply));

    await waitFor(() => expect(lineTexts(dialog)).toEqual(['You · 11:59Running 10 minutes late']));
    expect(api.callsTo('POST', '/api/booking/messages')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/booking/messages')[0]!.body).toEqual({
      bookingId: 'b1',
      body: 'Running 10 minutes late',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  });

  it('sends with Ctrl+Enter; Enter alone starts a new line', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])))
      .on('POST', '/api/booking/messages', jsonResponse(201, threadLine({ body: 'Which door?\nFront?' })));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const box = within(await thread()).getByRole('textbox', { name: 'Your message' });

    await user.type(box, 'Which door?{Enter}Front?');
    expect(api.callsTo('POST', '/api/booking/messages')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('POST', '/api/booking/messages')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/booking/messages')[0]!.body).toMatchObject({
      body: 'Which door?\nFront?',
    });
  });

  it("holds back an empty or overlong message with the server's rule, counting characters near the limit", async () => {
    const api = stubFetch().on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });

    await user.type(box, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(THREAD_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH - 150) } });
    expect(within(dialog).queryByText(`${MESSAGE_MAX_LENGTH - 150}/${MESSAGE_MAX_LENGTH}`)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH - 50) } });
    expect(within(dialog).getByText(`${MESSAGE_MAX_LENGTH - 50}/${MESSAGE_MAX_LENGTH}`)).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(within(dialog).getByText(THREAD_MESSAGES.bodyTooLong)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(api.callsTo('POST', '/api/booking/messages')).toHaveLength(0);
  });

  it('says "This conversation is closed" and disables the composer once the server refuses with ThreadClosed', async () => {
    let isOpen = true;
    const api = stubFetch()
      .on('GET', '/api/booking/messages', () => jsonResponse(200, threadPage([], isOpen)))
      .on('POST', '/api/booking/messages', () => {
        isOpen = false;
        return apiErrorResponse(409, 'ThreadClosed', THREAD_MESSAGES.closed);
      });
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Still on?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(THREAD_MESSAGES.closed);
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a closed thread as closed from the start', async () => {
    const api = stubFetch().on(
      'GET',
      '/api/booking/messages',
      jsonResponse(200, threadPage([threadLine({ body: 'Thanks!' })], false)),
    );
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    expect(await within(dialog).findByText(THREAD_MESSAGES.closed)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toBeDisabled();
  });

  it('explains the limit after 429 and keeps the text to send later', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])))
      .on(
        'POST',
        '/api/booking/messages',
        apiErrorResponse(429, 'TooManyRequests', 'Too many attempts. Please try again later.'),
      );
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'One more thing');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY_MESSAGES);
    expect(TOO_MANY_MESSAGES).toBe(
      'You can send 30 messages every 10 minutes. Please wait a few minutes, then send your message again.',
    );
    expect(box).toHaveValue('One more thing');
    expect(box).toBeEnabled();
  });

  it('says a message was not sent when the server cannot be reached', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])))
      .on('POST', '/api/booking/messages', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Could not reach the server/);
    expect(MESSAGE_NOT_SENT).toBe('Your message was not sent. Please try again.');
  });

  it("marks the thread read up to its last line on opening: the card's badge and the navigation count clear", async () => {
    const last = threadLine({
      from: 'business',
      body: 'See you then',
      createdAt: '2026-11-20T11:00:00.000Z',
    });
    let unread = unreadCounts({ b1: 2, b2: 1 });
    const api = stubFetch()
      .on('GET', '/api/booking/messages', threadServer([threadLine(), last]).respond)
      .on('POST', '/api/booking/messages/read', () => {
        unread = unreadCounts({ b2: 1 });
        return jsonResponse(204);
      });
    const { user } = renderCustomer({ bookings: [requested], api, unread: () => unread });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Profile, unread messages: 3' })).toBeInTheDocument();

    await user.click(within(await card()).getByRole('button', { name: 'Messages, 2 unread' }));
    await thread();
    await waitFor(() => expect(api.callsTo('POST', '/api/booking/messages/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/booking/messages/read')[0]!.body).toEqual({
      bookingId: 'b1',
      upTo: last.id,
    });
    expect(await within(nav).findByRole('link', { name: 'Profile, unread messages: 1' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(await card()).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('reads a long thread a page at a time, each after the last line of the one before', async () => {
    const lines = Array.from({ length: THREAD_PAGE_SIZE + 1 }, (_, index) =>
      threadLine({
        body: `Line ${index + 1}`,
        createdAt: new Date(Date.UTC(2026, 10, 19, 8, index)).toISOString(),
      }),
    );
    const api = stubFetch()
      .on('GET', '/api/booking/messages', threadServer(lines).respond)
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();

    expect(await within(dialog).findByText(`Line ${THREAD_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(threadCalls(api).slice(0, 2)).toEqual(['', lines[THREAD_PAGE_SIZE - 1]!.id]);
    expect(lineTexts(dialog)).toHaveLength(THREAD_PAGE_SIZE + 1);
  });

  it('says when the thread cannot be read, and Retry reads it again', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/messages', apiErrorResponse(500, 'InternalError', 'Something went wrong'))
      .on('GET', '/api/booking/messages', threadServer([threadLine({ body: 'Back again' })]).respond);
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.failedToLoadData);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Back again')).toBeInTheDocument();
  });

  it('moves focus into the thread, closes on Escape and gives focus back to the Messages button', async () => {
    const api = stubFetch().on('GET', '/api/booking/messages', jsonResponse(200, threadPage([])));
    const { user } = renderCustomer({ bookings: [requested], api });
    const button = within(await card()).getByRole('button', { name: 'Messages' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    const dialog = await thread();

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("opens a customer's thread from the business's request card, under the customer's name", async () => {
    const api = stubFetch()
      .on(
        'GET',
        '/api/booking/messages',
        jsonResponse(
          200,
          threadPage([
            threadLine({ body: 'Is parking nearby?', createdAt: '2026-11-20T10:00:00.000Z' }),
            threadLine({
              from: 'business',
              body: 'Yes, behind the shop',
              createdAt: '2026-11-20T10:02:00.000Z',
            }),
          ]),
        ),
      )
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderBusiness({ bookings: [requested], api, unread: unreadCounts({ b1: 1 }) });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Admin, unread messages: 1' })).toBeInTheDocument();
    const request = await screen.findByRole(
      'article',
      { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' },
      { timeout: 10_000 },
    );
    await user.click(within(request).getByRole('button', { name: 'Messages, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages with Aoife Byrne' });

    await waitFor(() =>
      expect(lineTexts(dialog)).toEqual([
        'Aoife Byrne · 10:00Is parking nearby?',
        'You · 10:02Yes, behind the shop',
      ]),
    );
    expect(dialog).toHaveTextContent('Booking: Sat 5 Dec 2026, 10:00');
  });
});

describe('the live stream (GET /api/events)', () => {
  it('appends a live line to the open thread once, however often it comes, and marks it read', async () => {
    const stream = liveStream();
    const first = threadLine({ body: 'Can I bring my son?', createdAt: '2026-11-20T10:00:00.000Z' });
    const server = threadServer([first]);
    const api = stubFetch()
      .on('GET', '/api/booking/messages', server.respond)
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api, stream });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await within(dialog).findByText('Can I bring my son?');
    await waitFor(() => expect(stream.connectionCount).toBe(1));

    const live = threadLine({ from: 'business', body: 'Of course', createdAt: '2026-11-20T11:30:00.000Z' });
    server.add(live);
    act(() => stream.send('message', { ...live, bookingId: 'b1' }, live.id));
    expect(await within(dialog).findByText('Of course')).toBeInTheDocument();
    act(() => stream.send('message', { ...live, bookingId: 'b1' }, live.id));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/booking/messages/read').at(-1)?.body).toEqual({
        bookingId: 'b1',
        upTo: live.id,
      }),
    );
    expect(within(dialog).getAllByText('Of course')).toHaveLength(1);
    expect(lineTexts(dialog)).toEqual(['You · 10:00Can I bring my son?', 'Fade Factory · 11:30Of course']);
  });

  it('shows a line whose own event was lost when the next one comes, in order, before marking read', async () => {
    const stream = liveStream();
    const first = threadLine({ body: 'Can I bring my son?', createdAt: '2026-11-20T10:00:00.000Z' });
    const server = threadServer([first]);
    const api = stubFetch()
      .on('GET', '/api/booking/messages', server.respond)
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api, stream });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await within(dialog).findByText('Can I bring my son?');
    await waitFor(() => expect(stream.connectionCount).toBe(1));

    const lost = threadLine({ from: 'business', body: 'Of course', createdAt: '2026-11-20T11:30:00.000Z' });
    const next = threadLine({
      from: 'business',
      body: 'Bring him at 10',
      createdAt: '2026-11-20T11:31:00.000Z',
    });
    server.add(lost);
    server.add(next);
    act(() => stream.send('message', { ...next, bookingId: 'b1' }, next.id));
    expect(await within(dialog).findByText('Bring him at 10')).toBeInTheDocument();
    expect(lineTexts(dialog)).toEqual([
      'You · 10:00Can I bring my son?',
      'Fade Factory · 11:30Of course',
      'Fade Factory · 11:31Bring him at 10',
    ]);
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/booking/messages/read').at(-1)?.body).toEqual({
        bookingId: 'b1',
        upTo: next.id,
      }),
    );
  });

  it('updates the unread counts live when a line comes in a thread that is not open', async () => {
    const stream = liveStream();
    let unread = unreadCounts({});
    const { api } = renderCustomer({ bookings: [requested], stream, unread: () => unread });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(await card()).findByRole('button', { name: 'Messages' });
    await waitFor(() => expect(stream.connectionCount).toBe(1));
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/unread').length).toBeGreaterThan(0));
    // The stream's opening catch-up has asked too.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = api.callsTo('GET', '/api/booking/unread').length;

    unread = unreadCounts({ b1: 1 });
    const line = threadLine({ from: 'business', body: 'Your slot moved?' });
    act(() => stream.send('message', { ...line, bookingId: 'b1' }, line.id));
    expect(await within(nav).findByRole('link', { name: 'Profile, unread messages: 1' })).toBeInTheDocument();
    expect(within(await card()).getByRole('button', { name: 'Messages, 1 unread' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/unread').length).toBeGreaterThan(asked);
  });

  it('refreshes the bookings when one changes status, so its card shows the new status', async () => {
    const stream = liveStream();
    const approved = { ...requested, Status: 'Approved' as const, FinalPrice: 50 };
    let bookings = [requested];
    const { api } = renderCustomer({ bookings: () => bookings, stream });
    expect(await card()).toHaveTextContent('Requested');
    await waitFor(() => expect(stream.connectionCount).toBe(1));
    const asked = api.callsTo('GET', '/api/booking/userbookings').length;

    bookings = [approved];
    act(() => stream.send('booking', { bookingId: 'b1', status: 'Approved' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/booking/userbookings').length).toBeGreaterThan(asked),
    );
    await waitFor(() => expect(screen.getByRole('article', { name: CARD })).toHaveTextContent('Approved'));
  });

  it('after the stream ends, reconnects with the Bearer token and asks for what came after the last line, and the unread counts', async () => {
    // The server ends a stream when its access token expires and asks for a reconnect after `retry`.
    const stream = liveStream({ retry: 20 });
    const first = threadLine({ body: 'Hello', createdAt: '2026-11-20T10:00:00.000Z' });
    const server = threadServer([first]);
    const api = stubFetch()
      .on('GET', '/api/booking/messages', server.respond)
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api, stream });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await within(dialog).findByText('Hello');
    await waitFor(() => expect(stream.connectionCount).toBe(1));
    const threadAsked = threadCalls(api).length;
    const unreadAsked = api.callsTo('GET', '/api/booking/unread').length;

    // A line the stream did not deliver: written while it was down.
    const missed = threadLine({
      from: 'business',
      body: 'Sent while you were away',
      createdAt: '2026-11-20T11:00:00.000Z',
    });
    act(() => stream.end());
    server.add(missed);
    await waitFor(() => expect(stream.connectionCount).toBe(2));

    expect(await within(dialog).findByText('Sent while you were away')).toBeInTheDocument();
    expect(threadCalls(api).slice(threadAsked)).toContain(first.id);
    expect(api.callsTo('GET', '/api/booking/unread').length).toBeGreaterThan(unreadAsked);
    for (const call of api.callsTo('GET', '/api/events')) {
      expect(call.headers.authorization).toMatch(/^Bearer \S+/);
      expect(call.headers.accept).toBe('text/event-stream');
    }
    expect(lineTexts(dialog)).toHaveLength(2);
  });

  it('closes the stream on logout and asks nothing more', async () => {
    const stream = liveStream();
    const api = stubFetch().on('POST', '/api/auth/logout', jsonResponse(204));
    const { user, router } = renderCustomer({ bookings: [requested], api, stream });
    await waitFor(() => expect(stream.connectionCount).toBe(1));

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).endsWith('/api/events'))!;
    expect((init!.signal as AbortSignal).aborted).toBe(true);
    const unreadAsked = api.callsTo('GET', '/api/booking/unread').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(unreadAsked);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(1);
  });

  it('while the stream is down, asks for the unread counts and the open thread every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    const first = threadLine({ body: 'Hello', createdAt: '2026-11-20T10:00:00.000Z' });
    const server = threadServer([first]);
    const api = stubFetch()
      .on('GET', '/api/events', apiErrorResponse(503, 'ServiceUnavailable', 'Down for a moment'))
      .on('GET', '/api/booking/messages', server.respond)
      .on('POST', '/api/booking/messages/read', jsonResponse(204));
    const { user } = renderCustomer({ bookings: [requested], api });
    await user.click(within(await card()).getByRole('button', { name: 'Messages' }));
    const dialog = await thread();
    await within(dialog).findByText('Hello');
    await waitFor(() => expect(api.callsTo('GET', '/api/events')).toHaveLength(1));
    const unreadAsked = api.callsTo('GET', '/api/booking/unread').length;
    const threadAsked = threadCalls(api).length;

    server.add(threadLine({ from: 'business', body: 'Polled in', createdAt: '2026-11-20T12:00:05.000Z' }));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(dialog).findByText('Polled in')).toBeInTheDocument();
    expect(threadCalls(api).slice(threadAsked)).toEqual([first.id]);
    expect(api.callsTo('GET', '/api/booking/unread').length).toBeGreaterThan(unreadAsked);
  });
});
