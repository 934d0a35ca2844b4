import { bookingWindow } from '@app/domain';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../helpers/app';
import { type Actor, bookingBody, call, createBusiness, createCustomer } from '../helpers/marketplace';

export const FADE = { name: 'Skin fade', durationMinutes: 30, minimumPrice: 18 };

/**
 * A small team's shop and the calls the team suites make of it: Bob (the owner) and Sam do
 * 30-minute fades, and Alex (with `alex`) only the default hour.
 */
export function teamShops(app: () => TestApp, db: () => Db) {
  async function shop({ slotStepMinutes, alex = false }: { slotStepMinutes?: number; alex?: boolean } = {}) {
    const t = app();
    const business = await createBusiness(t, db());
    if (slotStepMinutes) await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes });
    const fade = (await call(t, 'POST', '/api/user/services', business, FADE)).json().service.id as string;
    const [appointment] = (await call(t, 'GET', '/api/user/services', business)).json().services as {
      id: string;
    }[];
    const [owner] = (await call(t, 'GET', '/api/user/team', business)).json().team as { id: string }[];
    const member = async (name: string, serviceIds: string[]) =>
      (await call(t, 'POST', '/api/user/team', business, { name, serviceIds })).json().member.id as string;
    const sam = await member('Sam', [fade]);
    return {
      business,
      fade,
      owner: owner!.id,
      sam,
      alex: alex ? await member('Alex', [appointment!.id]) : '',
    };
  }
  return {
    shop,
    /** The last day customers can book. */
    lastDay: () => bookingWindow(app().clock.now()).last,
    /** The starts offered for the query. */
    slots: async (business: Actor, query: Record<string, string>) =>
      (
        await app().app.inject({
          url: `/api/booking/available-times?${new URLSearchParams({ businessId: business.id, ...query })}`,
        })
      ).json().slots as string[],
    /** A new customer's request for the service at `at` (£20), of the member named or anyone. */
    request: async (business: Actor, at: string, serviceId: string, memberId?: string) =>
      call(
        app(),
        'POST',
        '/api/booking/book',
        await createCustomer(app(), db()),
        bookingBody(business, at, { serviceId, price: '20', ...(memberId ? { memberId } : {}) }),
      ),
    approve: (business: Actor, bookingId: string) =>
      call(app(), 'PATCH', '/api/booking/setstatus', business, {
        businessId: business.id,
        bookingId,
        status: 'Approved',
      }),
  };
}
