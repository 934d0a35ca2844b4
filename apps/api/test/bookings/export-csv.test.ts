import { BOOKING_EXPORT_COLUMNS, BOOKING_EXPORT_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

/** RFC 4180 back to rows: quoted fields with "" for a quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i] as string;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += character;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** GET /booking/export.csv (api-contract §8.5, §8.9). */
describeEachDatabase('CSV export of bookings', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  const db = (): Db => database().db;
  beforeAll(async () => {
    t = await createTestApp(db());
    business = await createBusiness(t, db());
    customer = await createCustomer(t, db());
  });
  afterAll(() => t.close());

  const exportCsv = (query: string, actor: Actor | null = business) =>
    call(t, 'GET', `/api/booking/export.csv${query}`, actor);

  it('answers a UTF-8 CSV with a BOM and a header row, every booking of the range by time, formula-safe cells and £ intact; parsed back it gives the data', async () => {
    const hostile = await createCustomer(t, db(), {
      first_name: '=HYPERLINK("http://evil.example","Click")',
      last_name: 'Séan',
    });
    const rows = [
      await insertBooking(t, db(), {
        business,
        customer,
        startsAt: '2026-03-01 00:00',
        status: 'Approved',
        price: 25,
      }),
      await insertBooking(t, db(), {
        business,
        customer: hostile,
        startsAt: '2026-03-15 10:00',
        status: 'Countered',
        price: 30,
        counterPrice: 45,
      }),
      await insertBooking(t, db(), {
        business,
        customer,
        startsAt: '2026-03-31 23:00',
        status: 'Requested',
        isHomeVisit: true,
      }),
    ];
    await db()
      .updateTable('bookings')
      // Its £6.25 deposit paid, and kept: the customer did not come.
      .set({
        service_name: 'Skin fade',
        duration_minutes: 30,
        member_name: 'Niamh',
        final_price: 25,
        payment_status: 'Kept',
        amount_due_pence: 625,
        amount_paid_pence: 625,
        attendance: 'NoShow',
      })
      .where('id', '=', rows[0]?.id as string)
      .execute();
    await db()
      .updateTable('bookings')
      .set({ customer_address: '@Flat 2, "The Mill", 4 Quay St, Newry, BT34 1AA', customer_phone: '-1+1' })
      .where('id', '=', rows[2]?.id as string)
      .execute();
    // Outside the range, or another business's.
    await insertBooking(t, db(), { business, customer, startsAt: '2026-02-28 23:00' });
    await insertBooking(t, db(), { business, customer, startsAt: '2026-04-01 00:00' });
    await insertBooking(t, db(), {
      business: await createBusiness(t, db()),
      customer,
      startsAt: '2026-03-10 10:00',
    });

    const response = await exportCsv('?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="bookings-2026-03-01-to-2026-03-31.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('£25', 'utf8'))).toBe(true);
    const text = bytes.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFDate,Time,Service,Minutes,Barber,Status,Customer,Phone,Price,Home visit,Address,Payment,Amount due,Paid,Refunded,Attendance\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Séan"`);

    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([...BOOKING_EXPORT_COLUMNS]);
    expect(records).toEqual([
      [
        '2026-03-01',
        '00:00',
        'Skin fade',
        '30',
        'Niamh',
        'Approved',
        'Ada Lovelace',
        '07123 456789',
        '£25',
        'No',
        '',
        'Kept',
        '£6.25',
        '£6.25',
        '£0.00',
        'NoShow',
      ],
      [
        '2026-03-15',
        '10:00',
        'Appointment',
        '60',
        '',
        'Countered',
        `'=HYPERLINK("http://evil.example","Click") Séan`,
        '07123 456789',
        '£45',
        'No',
        '',
        'NotRequired',
        '',
        '',
        '',
        '',
      ],
      [
        '2026-03-31',
        '23:00',
        'Appointment',
        '60',
        '',
        'Requested',
        'Ada Lovelace',
        "'-1+1",
        '£30',
        'Yes',
        `'@Flat 2, "The Mill", 4 Quay St, Newry, BT34 1AA`,
        'NotRequired',
        '',
        '',
        '',
        '',
      ],
    ]);
    // No cell a spreadsheet would run as a formula.
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('an empty range is the header row alone; a customer gets 403, no token 401', async () => {
    const response = await exportCsv('?from=2001-01-01&to=2001-01-31');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      '\uFEFFDate,Time,Service,Minutes,Barber,Status,Customer,Phone,Price,Home visit,Address,Payment,Amount due,Paid,Refunded,Attendance\r\n',
    );
    expect((await exportCsv('?from=2026-03-01&to=2026-03-31', customer)).statusCode).toBe(403);
    expect((await exportCsv('?from=2026-03-01&to=2026-03-31', null)).statusCode).toBe(401);
  });

  it.each([
    ['?from=2026-03-31&to=2026-03-01', 'to', BOOKING_EXPORT_MESSAGES.order],
    ['?from=2019-01-01&to=2026-01-01', 'to', BOOKING_EXPORT_MESSAGES.tooLong],
    ['?from=2026-02-30&to=2026-03-01', 'from', BOOKING_EXPORT_MESSAGES.fromDate],
    ['?from=2026-03-01&to=31/03/2026', 'to', BOOKING_EXPORT_MESSAGES.toDate],
    ['?to=2026-03-01', 'from', BOOKING_EXPORT_MESSAGES.fromDate],
    ['', 'from', BOOKING_EXPORT_MESSAGES.fromDate],
  ])('%s → 400 with a message', async (query, field, message) => {
    const response = await exportCsv(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ValidationError', message, errors: { [field]: message } });
  });
});
