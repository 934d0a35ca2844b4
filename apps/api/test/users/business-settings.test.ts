import {
  addDays,
  invalidTimeSlotFor,
  MESSAGES,
  timeSlotsOverlapOn,
  todayInLondon,
  yearsAfter,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, slotsOf, withFreshToken } from '../helpers/marketplace';

describeEachDatabase(
  'PUT /api/user/availability, /minimum-price, /home-visit and /away-dates',
  (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database().db);
    });
    afterAll(() => t.close());

    const db = () => database().db;
    const put = (actor: Actor, url: string, body: unknown) => call(t, 'PUT', `/api/user/${url}`, actor, body);
    const today = () => todayInLondon(t.clock.now());
    /** The business's row and away dates, for "nothing changed" checks. */
    const settingsOf = async (business: Actor) =>
      JSON.stringify([
        await db().selectFrom('users').selectAll().where('id', '=', business.id).executeTakeFirst(),
        await db().selectFrom('away_dates').selectAll().where('user_id', '=', business.id).execute(),
      ]);
    /** A business with one stored away period, so a refused save has something to keep. */
    const businessWithAwayDates = async () => {
      const business = await createBusiness(t, db());
      const saved = await put(business, 'away-dates', {
        awayDates: [{ startDate: addDays(today(), 7), endDate: addDays(today(), 8), reason: 'Course' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return business;
    };

    it('stores availability as {start, end} ranges, sorted, empty days left out, and returns the profile', async () => {
      const business = await createBusiness(t, db());
      const response = await put(business, 'availability', {
        availability: {
          Tuesday: ['13:00-17:00', { start: '09:00', end: '12:00' }],
          Monday: [],
          Sunday: ['9:30-12:30'],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: business.id,
        UserType: 'Business',
        availability: {
          Tuesday: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ],
          Sunday: [{ start: '09:30', end: '12:30' }],
        },
      });
      expect(Object.keys(response.json().availability)).toEqual(['Tuesday', 'Sunday']);
      // The slots follow the new hours.
      const slots = await slotsOf(t, business.id);
      expect(new Set(slots.map((slot) => slot.slice(11)))).toEqual(
        new Set(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '09:30', '10:30', '11:30']),
      );
    });

    it.each([
      [{}, MESSAGES.setAtLeastOneSlot],
      [{ Monday: [] }, MESSAGES.setAtLeastOneSlot],
      [{ Monday: ['12:00-09:00'] }, invalidTimeSlotFor('Monday')],
      [{ Friday: ['09:00-12:00', '11:00-13:00'] }, timeSlotsOverlapOn('Friday')],
      [{ Funday: ['09:00-12:00'] }, 'Unknown weekday: Funday'],
      [{ Monday: ['9-5'] }, 'Invalid time slot for Monday: Times must be in the format HH:MM'],
      [{ Sunday: [{ start: '12:00', end: '12:00' }] }, invalidTimeSlotFor('Sunday')],
      [{ Monday: ['09:00-17:00'], Saturday: ['10:00-14:00', '13:30-15:00'] }, timeSlotsOverlapOn('Saturday')],
    ])('answers 400 for availability %j', async (availability, message) => {
      const business = await createBusiness(t, db());
      const before = await db()
        .selectFrom('users')
        .select('availability')
        .where('id', '=', business.id)
        .executeTakeFirst();
      const response = await put(business, 'availability', { availability });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
      expect(
        await db()
          .selectFrom('users')
          .select('availability')
          .where('id', '=', business.id)
          .executeTakeFirst(),
      ).toEqual(before);
    });

    it('sets the minimum price (number or text), which the booking rules then use', async () => {
      const business = await createBusiness(t, db());
      for (const [minimumPrice, stored] of [
        [1, 1],
        ['45', 45],
        [1000, 1000],
      ] as const) {
        const response = await put(business, 'minimum-price', { minimumPrice });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().minimumPrice).toBe(stored);
      }
      const { businesses } = (await t.app.inject({ url: '/api/booking/businesses' })).json();
      expect(businesses.find((b: { id: string }) => b.id === business.id).minimumPrice).toBe(1000);
    });

    it.each([
      [0, MESSAGES.minimumPriceMin],
      [1001, MESSAGES.minimumPriceMax],
      [1.5, MESSAGES.wholePounds],
      // api-contract §8.1: a decimal is refused as typed, never saved as 750 or 7.
      ['7.50', MESSAGES.wholePounds],
      [7.5, MESSAGES.wholePounds],
      ['7.', MESSAGES.wholePounds],
      ['abc', MESSAGES.wholePounds],
      [null, MESSAGES.minimumPriceMin],
      [-5, MESSAGES.minimumPriceMin],
    ])('answers 400 for a minimum price of %j', async (minimumPrice, message) => {
      const business = await createBusiness(t, db());
      const before = await settingsOf(business);
      const response = await put(business, 'minimum-price', { minimumPrice });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'ValidationError',
        message,
        errors: { minimumPrice: message },
      });
      expect(await settingsOf(business)).toBe(before);
    });

    it('turns home visits on and off; only booleans', async () => {
      const business = await createBusiness(t, db(), { home_visits_enabled: 0 });
      expect((await put(business, 'home-visit', { homeVisitsEnabled: true })).json().homeVisitsEnabled).toBe(
        true,
      );
      expect((await put(business, 'home-visit', { homeVisitsEnabled: false })).json().homeVisitsEnabled).toBe(
        false,
      );
      const before = await settingsOf(business);
      for (const homeVisitsEnabled of ['true', 1, null, undefined]) {
        const response = await put(business, 'home-visit', { homeVisitsEnabled });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(MESSAGES.mustBeTrueOrFalse);
      }
      expect(await settingsOf(business)).toBe(before);
    });

    it('replaces away dates: known entries keep id and createdAt, new ones get a uuid, createdAt and status', async () => {
      const business = await createBusiness(t, db());
      const first = await put(business, 'away-dates', {
        awayDates: [{ startDate: addDays(today(), 5), endDate: addDays(today(), 6), reason: ' Holiday ' }],
      });
      expect(first.statusCode, first.body).toBe(200);
      const [stored] = first.json().awayDates;
      expect(stored).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        startDate: addDays(today(), 5),
        endDate: addDays(today(), 6),
        reason: 'Holiday',
        createdAt: t.clock.now().getTime(),
        status: 'active',
      });
      t.clock.advance(DAY_MS);
      const later = await withFreshToken(t, db(), business, 'Business');
      // Sent back as stored (with a client-made createdAt ignored) plus a new one; the old one is kept.
      const second = await put(later, 'away-dates', {
        awayDates: [
          { ...stored, createdAt: 1 },
          { startDate: addDays(today(), 20), endDate: addDays(today(), 20) },
          { id: crypto.randomUUID(), startDate: addDays(today(), 30), endDate: addDays(today(), 31) },
        ],
      });
      expect(second.statusCode, second.body).toBe(200);
      const list = second.json().awayDates;
      expect(list).toHaveLength(3);
      expect(list[0]).toEqual(stored);
      expect(list[1]).toMatchObject({
        startDate: addDays(today(), 20),
        createdAt: t.clock.now().getTime(),
        status: 'active',
      });
      expect(list[1]).not.toHaveProperty('reason');
      expect(new Set(list.map((entry: { id: string }) => entry.id)).size).toBe(3);
      // Away days leave the slots.
      const slots = await slotsOf(t, business.id);
      expect(slots.some((slot) => slot.startsWith(addDays(today(), 20)))).toBe(false);
      // An empty list removes them all.
      expect((await put(later, 'away-dates', { awayDates: [] })).json().awayDates).toEqual([]);
    });

    it('keeps a stored period that has begun, but refuses a new one in the past', async () => {
      const business = await createBusiness(t, db());
      const saved = (
        await put(business, 'away-dates', {
          awayDates: [{ startDate: today(), endDate: addDays(today(), 3) }],
        })
      ).json().awayDates;
      t.clock.advance(2 * DAY_MS);
      const later = await withFreshToken(t, db(), business, 'Business');
      const again = await put(later, 'away-dates', { awayDates: saved });
      expect(again.statusCode, again.body).toBe(200);
      const moved = await put(later, 'away-dates', {
        awayDates: [{ ...saved[0], startDate: addDays(today(), -5) }],
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe(MESSAGES.awayInPast);
    });

    it('keeps ids unique when one stored id is sent twice', async () => {
      const business = await createBusiness(t, db());
      const [stored] = (
        await put(business, 'away-dates', {
          awayDates: [{ startDate: addDays(today(), 2), endDate: addDays(today(), 2) }],
        })
      ).json().awayDates;
      const response = await put(business, 'away-dates', {
        awayDates: [stored, { ...stored, startDate: addDays(today(), 4), endDate: addDays(today(), 4) }],
      });
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json().awayDates.map((entry: { id: string }) => entry.id);
      expect(ids[0]).toBe(stored.id);
      expect(ids[1]).not.toBe(stored.id);
    });

    it.each([
      [{ startDate: '2030-02-30', endDate: '2030-03-01' }, MESSAGES.awayDateFormat],
      [{ startDate: 'soon', endDate: 'later' }, MESSAGES.awayDateFormat],
      [{ startDate: 'END', endDate: 'START' }, MESSAGES.awayDateFormat],
      [{ reason: 'x'.repeat(101) }, MESSAGES.awayReasonMax],
      [{ startDate: '2000-01-01', endDate: '2000-01-02' }, MESSAGES.awayInPast],
      [{ status: 'cancelled' }, MESSAGES.awayStatusActive],
      [{ id: 'not-a-uuid' }, MESSAGES.invalidId],
    ])('answers 400 for an away period %j', async (override, message) => {
      const business = await businessWithAwayDates();
      const before = await settingsOf(business);
      const entry = { startDate: addDays(today(), 3), endDate: addDays(today(), 4), ...override };
      const response = await put(business, 'away-dates', { awayDates: [entry] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await settingsOf(business)).toBe(before);
    });

    it('answers 400 for a start after the end and an end more than a year ahead', async () => {
      const business = await businessWithAwayDates();
      const before = await settingsOf(business);
      const backwards = await put(business, 'away-dates', {
        awayDates: [{ startDate: addDays(today(), 5), endDate: addDays(today(), 4) }],
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe(MESSAGES.awayStartAfterEnd);
      const tooFar = await put(business, 'away-dates', {
        awayDates: [{ startDate: addDays(today(), 5), endDate: addDays(yearsAfter(today(), 1), 1) }],
      });
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().message).toBe(MESSAGES.awayTooFarAhead);
      expect(await settingsOf(business)).toBe(before);
      // Nor a new period that starts yesterday.
      const past = await put(business, 'away-dates', {
        awayDates: [{ startDate: addDays(today(), -1), endDate: addDays(today(), 2) }],
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe(MESSAGES.awayInPast);
      expect(await settingsOf(business)).toBe(before);
    });
  },
);
