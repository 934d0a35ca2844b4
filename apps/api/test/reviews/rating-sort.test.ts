import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';
import { pastBooking, postReview, reviewed } from './support';

interface Listed {
  id: string;
  BusinessName: string;
  rating: { average: number | null; count: number };
}

describeEachDatabase(
  'the rating on the business list: GET /api/booking/businesses?sort=rating',
  (database) => {
    let t: TestApp;
    let customer: Actor;
    const town = `Ratingtown${Date.now()}`;
    beforeAll(async () => {
      // The public reads' micro-cache on, as in production: a review must empty it.
      t = await createTestApp(database().db, { config: { readCacheTtlMs: 60_000 } });
      customer = await createCustomer(t, db());
    });
    afterAll(() => t.close());
    const db = () => database().db;

    /** A business of the town with these ratings. */
    async function shop(name: string, ratings: number[]) {
      const business = await createBusiness(t, db(), {
        business_name: name,
        business_address: `1 Main Street, ${town}, BT1 1AA`,
      });
      for (const rating of ratings) {
        const booking = await pastBooking(t, db(), { business, customer });
        await reviewed(t, customer, booking.id, rating);
      }
      return business;
    }

    const list = async (query: string) => {
      const response = await call(t, 'GET', `/api/booking/businesses?town=${town}&${query}`, null);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { businesses: Listed[]; nextCursor: string | null };
    };

    it('orders by average (highest first), ties by count, then the ones without an average by name; pages with the cursor', async () => {
      // Averages: 4.7 (3), 4.7 (6), 3.0 (3); none (2 reviews), none (0), none (1).
      await shop('Cut A', [5, 5, 4]);
      await shop('Cut B', [5, 5, 4, 5, 5, 4]);
      await shop('Cut C', [3, 3, 3]);
      await shop('Zed Cuts', [5, 5]);
      await shop('Alpha Cuts', []);
      await shop('Mid Cuts', [1]);

      const all = await list('sort=rating&limit=100');
      expect(all.businesses.map((b) => [b.BusinessName, b.rating.average, b.rating.count])).toEqual([
        ['Cut B', 4.7, 6],
        ['Cut A', 4.7, 3],
        ['Cut C', 3, 3],
        ['Alpha Cuts', null, 0],
        ['Mid Cuts', null, 1],
        ['Zed Cuts', null, 2],
      ]);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(
          `sort=rating&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.businesses.length).toBeLessThanOrEqual(2);
        seen.push(...page.businesses.map((b) => b.BusinessName));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.businesses.map((b) => b.BusinessName));

      // A cursor of another order is refused.
      const byName = await list('sort=name&limit=1');
      const mixed = await call(
        t,
        'GET',
        `/api/booking/businesses?town=${town}&sort=rating&cursor=${encodeURIComponent(byName.nextCursor ?? '')}`,
        null,
      );
      expect(mixed.statusCode).toBe(400);
    });

    it('shows a new review’s rating at once on the cached list and on the booking page', async () => {
      const business = await shop('Fresh Cuts', [4, 4]);
      const before = await list('sort=name&limit=100');
      expect(before.businesses.find((b) => b.id === business.id)?.rating).toEqual({
        average: null,
        count: 2,
      });
      const reviewsPage = () => call(t, 'GET', `/api/booking/reviews?businessId=${business.id}`, null);
      const kept = await reviewsPage();
      expect(kept.json().reviews).toHaveLength(2);
      // The page is a cached read: an ETag, and 304 for a client that holds it.
      const etag = kept.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/booking/reviews?businessId=${business.id}`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      const booking = await pastBooking(t, db(), { business, customer });
      expect((await postReview(t, customer, { bookingId: booking.id, rating: 5 })).statusCode).toBe(201);
      const after = await list('sort=name&limit=100');
      expect(after.businesses.find((b) => b.id === business.id)?.rating).toEqual({ average: 4.3, count: 3 });
      const page = await call(t, 'GET', `/api/booking/available-times?businessId=${business.id}`, null);
      expect(page.json().business.rating).toEqual({ average: 4.3, count: 3 });
      const fresh = await reviewsPage();
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().reviews).toHaveLength(3);
      expect(fresh.json().rating).toEqual({ average: 4.3, count: 3 });
    });
  },
);
