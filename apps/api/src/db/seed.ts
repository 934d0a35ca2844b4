/**
 * Demo data for a fresh non-production database (api-contract §6): businesses in ten Northern
 * Irish towns (four in Belfast; two working from home show only town and postcode) with varied
 * hours, prices, home visits and away dates; an unlisted Admin; two customers whose bookings tell
 * the story in every status; regular customers whose bookings fill a year of Cathedral Quarter
 * Barbers (about 150) and a few months of the other shops, at free hours, with none agreed twice
 * for one hour. Every listed business has verified reviews (api-contract §8.6) from customers of its
 * own past agreed bookings, some answered, with its kept rating totals to match; the demo customer
 * has reviewed one visit and has two more she can review at once. Every account is confirmed and
 * signs in with DEMO_PASSWORD. Runs only on an empty users table, so it never touches real data.
 */
import { randomUUID } from 'node:crypto';
import {
  type Availability,
  addDays,
  amountDuePence,
  appointmentEndsAt,
  BOOKING_WINDOW_WEEKS,
  type BookingStatus,
  bookableSlotsOn,
  businessTownOf,
  DEFAULT_PAYMENT_WINDOW,
  generateBookableSlots,
  londonWallClockToUtc,
  parsePaymentWindow,
  paymentDueBy,
  REVIEW_WINDOW_DAYS,
  reviewAuthorName,
  todayInLondon,
  type UserType,
  WEEKDAYS,
  weekdayOf,
} from '@app/domain';
import type { Insertable } from 'kysely';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { seededRandom } from '../lib/seeded-random';
import { type Db, isUniqueViolation } from './database';
import { newUserRow } from './new-user-row';
import type { BookingStatusValue, Database } from './schema';
import { type DemoCatalog, demoCatalog } from './seed-catalog';

/** The one password of every demo account (it meets the sign-up rules). */
export const DEMO_PASSWORD = 'Demo123!';

interface DemoBusiness extends DemoCatalog {
  key: string;
  email: string;
  userType: Extract<UserType, 'Business' | 'Admin'>;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  businessName: string;
  businessAddress: string;
  town: string;
  description: string;
  minimumPrice: number;
  homeVisits: boolean;
  isListed: boolean;
  availability: Availability;
  /** Away periods as day offsets from today, both ends included. */
  away: { from: number; to: number; reason?: string }[];
  /** False for a barber working from home: customers see only the town and postcode. Default true. */
  showFullAddress?: boolean;
  /** Bookings by the regular customers besides the story's own (see DEMO_BOOKINGS). */
  history?: DemoHistory;
  /**
   * The deposit it asks for when a booking is agreed (api-contract §9.2), its payout account active
   * at the development provider; unset: paid at the appointment.
   */
  depositPercent?: number;
}

/**
 * A business's everyday bookings: on each open day of the last `pastDays` days and the next
 * `futureDays` days (the booking window at most), one booking with chance `one` and two with
 * chance `two`, at distinct free hours of that day.
 */
interface DemoHistory {
  pastDays: number;
  futureDays: number;
  past: { one: number; two: number };
  future: { one: number; two: number };
}

interface DemoCustomer {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  birthdate: string;
}

const weekdays = (range: string, days = WEEKDAYS.slice(0, 5)) =>
  Object.fromEntries(days.map((day) => [day, ranges(range)]));
const ranges = (...values: string[]) =>
  values.map((value) => {
    const [start, end] = value.split('-') as [string, string];
    return { start, end };
  });

/** Cathedral Quarter Barbers' year: about 150 bookings over the last 12 months and the next 4 weeks. */
const BUSY_SHOP: DemoHistory = {
  pastDays: 365,
  futureDays: 28,
  past: { one: 0.28, two: 0.08 },
  future: { one: 0.45, two: 0.2 },
};

/** The other shops: a few past bookings each over the last six months (their hours stay free). */
const QUIET_SHOP: DemoHistory = {
  pastDays: 180,
  futureDays: 0,
  past: { one: 0.1, two: 0 },
  future: { one: 0, two: 0 },
};

export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  {
    key: 'belfast',
    email: 'belfast@trimtime.test',
    userType: 'Business',
    firstName: 'Conor',
    lastName: 'McAllister',
    phone: '+447700900101',
    address: '4 Cliftonville Road, Belfast, BT14 6JX',
    businessName: 'Cathedral Quarter Barbers',
    businessAddress: '27 Donegall Street, Belfast, BT1 2FF',
    town: 'Belfast',
    description:
      'Classic cuts, skin fades and hot-towel shaves in the heart of the Cathedral Quarter. Late opening on Thursdays.',
    minimumPrice: 20,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:30'),
      Thursday: ranges('09:00-12:00', '13:00-20:00'),
      Saturday: ranges('09:00-16:00'),
    },
    away: [],
    history: BUSY_SHOP,
    depositPercent: 20,
    // A real shop (api-contract §9.3): a menu, three barbers, starts every quarter hour.
    menu: [
      { name: 'Skin fade', minutes: 30, price: 20, description: 'Clipper fade to the skin, razor line-up.' },
      { name: 'Beard trim', minutes: 15, price: 10, description: 'Shaped and lined up, finished with oil.' },
      { name: 'Cut and beard', minutes: 45, price: 28 },
      { name: 'Kids’ cut', minutes: 30, price: 14, description: 'Under 12s.' },
      {
        name: 'Hot towel shave',
        minutes: 30,
        price: 18,
        description: 'Straight razor, hot towels, cold finish.',
      },
    ],
    team: [{ name: 'Conor' }, { name: 'Niamh', does: [0, 1, 2, 3] }, { name: 'Ryan', does: [0, 1, 3] }],
    slotStep: 15,
  },
  {
    key: 'belfastSouth',
    email: 'malone@trimtime.test',
    userType: 'Business',
    firstName: 'Orla',
    lastName: 'Kearney',
    phone: '+447700900102',
    address: '18 Eglantine Avenue, Belfast, BT9 6DX',
    businessName: 'Lisburn Road Hair & Beauty',
    businessAddress: '212 Lisburn Road, Belfast, BT9 6GD',
    town: 'Belfast',
    description:
      'Cuts, colour, blow-dries and occasion hair on the Lisburn Road. Home visits across south Belfast.',
    minimumPrice: 35,
    homeVisits: true,
    isListed: true,
    availability: weekdays('10:00-18:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    away: [{ from: 12, to: 14, reason: 'Hair show in Dublin' }],
    history: QUIET_SHOP,
  },
  {
    key: 'derry',
    email: 'derry@trimtime.test',
    userType: 'Business',
    firstName: 'Ciarán',
    lastName: 'Doherty',
    phone: '+447700900103',
    address: '7 Northland Road, Londonderry, BT48 7JD',
    businessName: 'Walled City Barbers',
    businessAddress: '12 Shipquay Street, Londonderry, BT48 6DN',
    town: 'Derry~Londonderry',
    description: 'Sharp fades and beard sculpting inside the city walls, a minute from Guildhall Square.',
    minimumPrice: 15,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-18:00', [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]),
    away: [{ from: 16, to: 17, reason: 'Training course' }],
    history: QUIET_SHOP,
  },
  {
    key: 'newry',
    email: 'newry@trimtime.test',
    userType: 'Business',
    firstName: 'Aoife',
    lastName: 'Murphy',
    phone: '+447700900104',
    address: '22 Downshire Road, Newry, BT34 1EE',
    businessName: 'Mourne Grooming Rooms',
    businessAddress: '8 Hill Street, Newry, BT34 1AR',
    town: 'Newry',
    description:
      'Relaxed barbering and grooming: beard trims, hot-towel shaves and kids’ cuts. Home visits around Newry and the Mournes.',
    minimumPrice: 18,
    homeVisits: true,
    isListed: true,
    availability: {
      Monday: ranges('10:00-18:00'),
      Wednesday: ranges('10:00-18:00'),
      Friday: ranges('10:00-18:00'),
      Saturday: ranges('09:00-13:00'),
    },
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'lisburn',
    email: 'lisburn@trimtime.test',
    userType: 'Business',
    firstName: 'Gareth',
    lastName: 'Wilson',
    phone: '+447700900105',
    address: '9 Hillsborough Road, Lisburn, BT28 1JL',
    businessName: 'Bow Street Barbers',
    businessAddress: '41 Bow Street, Lisburn, BT28 1BJ',
    town: 'Lisburn',
    description: 'Traditional gents’ barbers on Bow Street since 1998. Early starts on Saturdays.',
    minimumPrice: 25,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday']),
      Saturday: ranges('08:00-14:00'),
    },
    away: [{ from: 20, to: 24, reason: 'Family holiday' }],
    history: QUIET_SHOP,
  },
  {
    key: 'bangor',
    email: 'bangor@trimtime.test',
    userType: 'Business',
    firstName: 'Ryan',
    lastName: 'Magee',
    phone: '+447700900106',
    address: '15 Seacliff Road, Bangor, BT20 5EY',
    businessName: 'Marina Cuts',
    businessAddress: '3 Quay Street, Bangor, BT20 5ED',
    town: 'Bangor',
    description: 'Seaside barbershop by Bangor Marina: fades, crops and beard tidies. Evening appointments.',
    minimumPrice: 30,
    homeVisits: true,
    isListed: true,
    availability: {
      ...weekdays('11:00-19:00'),
      Sunday: ranges('12:00-16:00'),
    },
    away: [{ from: 1, to: 1, reason: 'Stocktake' }],
    history: QUIET_SHOP,
  },
  {
    key: 'ballymena',
    email: 'ballymena@trimtime.test',
    userType: 'Business',
    firstName: 'Niamh',
    lastName: 'Quinn',
    phone: '+447700900107',
    address: '30 Galgorm Road, Ballymena, BT42 1AE',
    businessName: 'Seven Towers Barbershop',
    businessAddress: '19 Church Street, Ballymena, BT43 6DD',
    town: 'Ballymena',
    description: 'Premium cuts and styling with a consultation, a hot towel and a proper coffee.',
    minimumPrice: 45,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-13:00', ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'belfastEast',
    email: 'eastbelfast@trimtime.test',
    userType: 'Business',
    firstName: 'Jamie',
    lastName: 'Patterson',
    phone: '+447700900108',
    address: '58 Kings Road, Belfast, BT5 6JL',
    businessName: 'Kings Road Fades',
    businessAddress: '58 Kings Road, Belfast, BT5 6JL',
    town: 'Belfast',
    description:
      'Skin fades and beard trims from a home studio in east Belfast. Evenings and Saturday mornings, and home visits across BT4 to BT6.',
    minimumPrice: 15,
    homeVisits: true,
    isListed: true,
    showFullAddress: false,
    availability: {
      ...weekdays('17:00-21:00'),
      Saturday: ranges('09:00-14:00'),
    },
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'belfastWest',
    email: 'falls@trimtime.test',
    userType: 'Business',
    firstName: 'Seán',
    lastName: 'Mulholland',
    phone: '+447700900109',
    address: '17 Beechmount Avenue, Belfast, BT12 7NA',
    businessName: 'Falls Road Barbers',
    businessAddress: '301 Falls Road, Belfast, BT12 6FQ',
    town: 'Belfast',
    description: 'Walk-in prices by appointment: school cuts, fades and flat-tops on the Falls Road.',
    minimumPrice: 12,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-18:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'lisburnStudio',
    email: 'wallacepark@trimtime.test',
    userType: 'Business',
    firstName: 'Rachel',
    lastName: 'Gibson',
    phone: '+447700900110',
    address: '6 Antrim Road, Lisburn, BT28 3EA',
    businessName: 'Wallace Park Hair Studio',
    businessAddress: '52 Railway Street, Lisburn, BT28 1XP',
    town: 'Lisburn',
    description: 'Restyles, colour and bridal hair by appointment, a short walk from Wallace Park.',
    minimumPrice: 38,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:00', ['Monday', 'Tuesday', 'Wednesday', 'Thursday']),
      Thursday: ranges('09:00-13:00', '14:00-20:00'),
    },
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'armagh',
    email: 'armagh@trimtime.test',
    userType: 'Business',
    firstName: 'Eamon',
    lastName: 'Hughes',
    phone: '+447700900111',
    address: '4 College Street, Armagh, BT61 9BT',
    businessName: 'Orchard County Barbers',
    businessAddress: '23 English Street, Armagh, BT61 7BH',
    town: 'Armagh',
    description: 'Friendly barbers off the Mall: gents’ and kids’ cuts, beard trims and Saturday mornings.',
    minimumPrice: 14,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:30'),
      Saturday: ranges('09:00-13:00'),
    },
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'enniskillen',
    email: 'enniskillen@trimtime.test',
    userType: 'Business',
    firstName: 'Sinéad',
    lastName: 'Maguire',
    phone: '+447700900112',
    address: '11 Tempo Road, Enniskillen, BT74 6HR',
    businessName: 'Erne Barber Co.',
    businessAddress: '5 Townhall Street, Enniskillen, BT74 7BD',
    town: 'Enniskillen',
    description: 'Island-town barbering by the Erne: precision fades, scissor cuts and hot-towel shaves.',
    minimumPrice: 22,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-17:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    // Away this whole week: the first free hour is next week.
    away: [{ from: 0, to: 6, reason: 'Barbering course in Glasgow' }],
    history: QUIET_SHOP,
  },
  {
    key: 'coleraine',
    email: 'coleraine@trimtime.test',
    userType: 'Business',
    firstName: 'Mark',
    lastName: 'Stewart',
    phone: '+447700900113',
    address: '27 Lodge Road, Coleraine, BT52 1NB',
    businessName: 'Causeway Coast Mobile Barber',
    businessAddress: '27 Lodge Road, Coleraine, BT52 1NB',
    town: 'Coleraine',
    description:
      'A mobile barber for Coleraine, Portrush and Portstewart: cuts at home, or at my own small studio in Coleraine.',
    minimumPrice: 28,
    homeVisits: true,
    isListed: true,
    showFullAddress: false,
    availability: {
      Monday: ranges('12:00-20:00'),
      Wednesday: ranges('12:00-20:00'),
      Friday: ranges('12:00-20:00'),
      Sunday: ranges('10:00-14:00'),
    },
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'omagh',
    email: 'omagh@trimtime.test',
    userType: 'Business',
    firstName: 'Kevin',
    lastName: 'McCrory',
    phone: '+447700900114',
    address: '9 Gortin Road, Omagh, BT79 7HX',
    businessName: 'Strule Grooming Lounge',
    businessAddress: '42 High Street, Omagh, BT78 1BQ',
    town: 'Omagh',
    description: 'Affordable cuts for students and families on High Street. Weekdays only.',
    minimumPrice: 10,
    homeVisits: false,
    isListed: true,
    availability: weekdays('10:00-18:00'),
    away: [],
    history: QUIET_SHOP,
  },
  {
    key: 'admin',
    email: 'admin@trimtime.test',
    userType: 'Admin',
    firstName: 'Sam',
    lastName: 'Admin',
    phone: '+447700900100',
    address: '1 Lanyon Place, Belfast, BT1 3LP',
    businessName: 'TrimTime HQ',
    businessAddress: '1 Lanyon Place, Belfast, BT1 3LP',
    town: 'Belfast',
    description: 'The TrimTime NI team.',
    minimumPrice: 25,
    homeVisits: false,
    // The Admin is unlisted (api-contract §4): hidden from the businesses list and not bookable.
    isListed: false,
    availability: weekdays('09:00-17:00'),
    away: [],
  },
];

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    key: 'customer',
    email: 'customer@trimtime.test',
    firstName: 'Aisling',
    lastName: 'Burns',
    phone: '+447700900123',
    address: '14 Malone Avenue, Belfast, BT9 6EN',
    birthdate: '1994-03-12',
  },
  {
    key: 'customer2',
    email: 'declan@trimtime.test',
    firstName: 'Declan',
    lastName: 'Murray',
    phone: '+447700900456',
    address: '5 Strand Road, Londonderry, BT48 7AB',
    birthdate: '1988-11-02',
  },
];

/**
 * The shops' regular customers, whose bookings fill the businesses' histories (DemoHistory). They
 * sign in with DEMO_PASSWORD too, but are left out of the start-up banner.
 */
export const DEMO_REGULAR_CUSTOMERS: readonly (DemoCustomer & { town: string })[] = [
  {
    key: 'ciara',
    email: 'ciara.kelly@trimtime.test',
    firstName: 'Ciara',
    lastName: 'Kelly',
    phone: '+447700900210',
    address: '12 Ormeau Road, Belfast, BT7 1EB',
    birthdate: '1996-07-21',
    town: 'Belfast',
  },
  {
    key: 'michael',
    email: 'michael.oneill@trimtime.test',
    firstName: 'Michael',
    lastName: "O'Neill",
    phone: '+447700900211',
    address: '88 Antrim Road, Belfast, BT15 2BH',
    birthdate: '1983-02-09',
    town: 'Belfast',
  },
  {
    key: 'jordan',
    email: 'jordan.stewart@trimtime.test',
    firstName: 'Jordan',
    lastName: 'Stewart',
    phone: '+447700900212',
    address: '23 Cregagh Road, Belfast, BT6 9EQ',
    birthdate: '2001-10-30',
    town: 'Belfast',
  },
  {
    key: 'shauna',
    email: 'shauna.mccann@trimtime.test',
    firstName: 'Shauna',
    lastName: 'McCann',
    phone: '+447700900213',
    address: '41 Andersonstown Road, Belfast, BT11 9AF',
    birthdate: '1990-05-14',
    town: 'Belfast',
  },
  {
    key: 'patrick',
    email: 'patrick.hughes@trimtime.test',
    firstName: 'Patrick',
    lastName: 'Hughes',
    phone: '+447700900214',
    address: '7 Belmont Road, Belfast, BT4 2AA',
    birthdate: '1975-12-03',
    town: 'Belfast',
  },
  {
    key: 'darragh',
    email: 'darragh.quinn@trimtime.test',
    firstName: 'Darragh',
    lastName: 'Quinn',
    phone: '+447700900215',
    address: '15 Donegall Road, Belfast, BT12 5JJ',
    birthdate: '1999-01-18',
    town: 'Belfast',
  },
  {
    key: 'rebecca',
    email: 'rebecca.irvine@trimtime.test',
    firstName: 'Rebecca',
    lastName: 'Irvine',
    phone: '+447700900216',
    address: '3 Church Road, Holywood, BT18 9BU',
    birthdate: '1987-08-26',
    town: 'Holywood',
  },
  {
    key: 'eoin',
    email: 'eoin.fitzpatrick@trimtime.test',
    firstName: 'Eoin',
    lastName: 'Fitzpatrick',
    phone: '+447700900217',
    address: '19 Longstone Street, Lisburn, BT28 1TP',
    birthdate: '1993-04-07',
    town: 'Lisburn',
  },
  {
    key: 'chloe',
    email: 'chloe.robinson@trimtime.test',
    firstName: 'Chloe',
    lastName: 'Robinson',
    phone: '+447700900218',
    address: '5 Glengormley Park, Newtownabbey, BT36 7RH',
    birthdate: '1998-11-11',
    town: 'Newtownabbey',
  },
  {
    key: 'hannah',
    email: 'hannah.boyd@trimtime.test',
    firstName: 'Hannah',
    lastName: 'Boyd',
    phone: '+447700900219',
    address: '27 Hamilton Road, Bangor, BT20 4LF',
    birthdate: '1992-06-02',
    town: 'Bangor',
  },
  {
    key: 'liam',
    email: 'liam.gallagher@trimtime.test',
    firstName: 'Liam',
    lastName: 'Gallagher',
    phone: '+447700900220',
    address: '61 Duncreggan Road, Londonderry, BT48 0AA',
    birthdate: '1989-09-15',
    town: 'Londonderry',
  },
  {
    key: 'emma',
    email: 'emma.corr@trimtime.test',
    firstName: 'Emma',
    lastName: 'Corr',
    phone: '+447700900221',
    address: '14 Cathedral Road, Armagh, BT61 7QX',
    birthdate: '1995-03-28',
    town: 'Armagh',
  },
  {
    key: 'tom',
    email: 'tom.crawford@trimtime.test',
    firstName: 'Tom',
    lastName: 'Crawford',
    phone: '+447700900222',
    address: '8 Mountsandel Road, Coleraine, BT52 1JB',
    birthdate: '1981-07-04',
    town: 'Coleraine',
  },
  {
    key: 'aoibhinn',
    email: 'aoibhinn.maguire@trimtime.test',
    firstName: 'Aoibhinn',
    lastName: 'Maguire',
    phone: '+447700900223',
    address: '22 Darling Street, Enniskillen, BT74 7DP',
    birthdate: '2000-02-19',
    town: 'Enniskillen',
  },
  {
    key: 'rory',
    email: 'rory.devlin@trimtime.test',
    firstName: 'Rory',
    lastName: 'Devlin',
    phone: '+447700900224',
    address: '30 Dublin Road, Omagh, BT78 1HE',
    birthdate: '1997-12-12',
    town: 'Omagh',
  },
  {
    key: 'grainne',
    email: 'grainne.byrne@trimtime.test',
    firstName: 'Gráinne',
    lastName: 'Byrne',
    phone: '+447700900225',
    address: '10 Windsor Avenue, Newry, BT34 1EQ',
    birthdate: '1991-10-05',
    town: 'Newry',
  },
  {
    key: 'adam',
    email: 'adam.millar@trimtime.test',
    firstName: 'Adam',
    lastName: 'Millar',
    phone: '+447700900226',
    address: '17 Broughshane Street, Ballymena, BT43 6EB',
    birthdate: '1986-01-23',
    town: 'Ballymena',
  },
];

export interface DemoLogin {
  email: string;
  role: string;
  description: string;
}

/** Every demo login, for the start-up banner and the README. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  ...DEMO_CUSTOMERS.map((c) => ({
    email: c.email,
    role: 'Customer',
    description: `${c.firstName} ${c.lastName}`,
  })),
  ...DEMO_BUSINESSES.map((b) => ({
    email: b.email,
    role: b.userType,
    description: `${b.businessName}, ${b.town}${b.isListed ? '' : ' (unlisted)'}`,
  })),
];

/** One booking of the demo story: whose, where, when (days from today) and how it went. */
interface DemoBooking {
  customer: string;
  business: string;
  /** Days from today (negative: in the past). */
  day: number;
  /** The earliest hour wanted that day (the first bookable slot from it is used). */
  hour: number;
  status: BookingStatus;
  price: number;
  counter?: number;
  homeVisit?: boolean;
  /**
   * Messages in the booking's thread after its status changes (api-contract §8.8), minutes apart;
   * `unread`: the last of them is not yet read by the party it is for.
   */
  thread?: { lines: readonly DemoThreadLine[]; unread?: boolean };
  /** The customer's review of the visit, written `daysAfter` it ended (api-contract §8.6). */
  review?: DemoReview;
  /** At a business taking deposits: the deposit still due, paid, or paid and given back. */
  payment?: DemoPayment;
  /** The business cancelled it after agreeing to it, with this reason (Cancelled only). */
  businessCancelled?: string;
}

type DemoPayment = 'due' | 'paid' | 'refunded';

interface DemoReview {
  rating: number;
  comment: string;
  reply?: string;
  daysAfter: number;
}

interface DemoThreadLine {
  by: 'customer' | 'business';
  text: string;
}

const DEMO_BOOKINGS: readonly DemoBooking[] = [
  {
    customer: 'customer',
    business: 'belfast',
    day: 2,
    hour: 10,
    status: 'Requested',
    price: 25,
    // The demo business has a question waiting (its Messages badge shows 1).
    thread: {
      lines: [{ by: 'customer', text: 'Hi, could you do a skin fade and a beard trim in that hour?' }],
      unread: true,
    },
  },
  {
    customer: 'customer',
    business: 'bangor',
    day: 6,
    hour: 17,
    status: 'Requested',
    price: 40,
    homeVisit: true,
  },
  {
    customer: 'customer',
    business: 'lisburn',
    day: 5,
    hour: 11,
    status: 'Countered',
    price: 25,
    counter: 32,
    // The demo customer has an answer waiting about the counter offer.
    thread: {
      lines: [
        { by: 'customer', text: 'Why £32? The listing says from £25.' },
        { by: 'business', text: '£25 is a standard cut; £32 includes the hot towel shave you asked about.' },
      ],
      unread: true,
    },
  },
  {
    customer: 'customer',
    business: 'derry',
    day: 7,
    hour: 14,
    status: 'Approved',
    price: 20,
    thread: {
      lines: [
        { by: 'customer', text: 'Is there parking near the shop?' },
        { by: 'business', text: 'Yes, on Shipquay Street, a minute away. See you then!' },
      ],
    },
  },
  {
    customer: 'customer',
    business: 'belfastSouth',
    day: 9,
    hour: 15,
    status: 'Confirmed',
    price: 35,
    counter: 45,
    homeVisit: true,
  },
  { customer: 'customer', business: 'ballymena', day: 4, hour: 10, status: 'Denied', price: 45 },
  { customer: 'customer', business: 'newry', day: 3, hour: 12, status: 'Declined', price: 18, counter: 25 },
  { customer: 'customer', business: 'belfast', day: 8, hour: 16, status: 'Cancelled', price: 22 },
  {
    customer: 'customer',
    business: 'belfast',
    day: -14,
    hour: 11,
    status: 'Confirmed',
    price: 20,
    counter: 24,
    payment: 'paid',
  },
  {
    customer: 'customer',
    business: 'derry',
    day: -30,
    hour: 10,
    status: 'Approved',
    price: 18,
    review: {
      rating: 5,
      comment: 'Lovely wee shop inside the walls and a great trim. Worth the trip up from Belfast.',
      reply: 'Thanks Aisling, safe home and see you next time you’re up!',
      daysAfter: 2,
    },
  },
  // Ended a few days ago and not yet reviewed: the demo customer can review it at once (so is the
  // Confirmed one 14 days ago).
  { customer: 'customer', business: 'belfastSouth', day: -3, hour: 11, status: 'Approved', price: 35 },
  { customer: 'customer2', business: 'belfast', day: 2, hour: 14, status: 'Requested', price: 30 },
  // Cathedral Quarter Barbers takes a 20% deposit: one due (Pay on the customer's card), one paid,
  // one given back when the shop cancelled, one paid for a visit that happened.
  {
    customer: 'customer2',
    business: 'belfast',
    day: 3,
    hour: 9,
    status: 'Approved',
    price: 28,
    payment: 'due',
  },
  {
    customer: 'customer',
    business: 'belfast',
    day: 5,
    hour: 11,
    status: 'Approved',
    price: 30,
    payment: 'paid',
  },
  {
    customer: 'customer',
    business: 'belfast',
    day: 10,
    hour: 12,
    status: 'Cancelled',
    price: 25,
    payment: 'refunded',
    businessCancelled: 'Conor is on a training course that day, sorry! Please book another time.',
  },
  { customer: 'customer2', business: 'derry', day: 1, hour: 12, status: 'Requested', price: 15 },
];

/** The statuses a booking passes through to reach `status`, with who moved it. */
function pathTo(status: BookingStatus): { status: BookingStatus; by: 'customer' | 'business' }[] {
  const requested = { status: 'Requested' as const, by: 'customer' as const };
  switch (status) {
    case 'Requested':
      return [requested];
    case 'Approved':
    case 'Denied':
      return [requested, { status, by: 'business' }];
    case 'Cancelled':
      return [requested, { status, by: 'customer' }];
    case 'Countered':
      return [requested, { status, by: 'business' }];
    case 'Confirmed':
    case 'Declined':
      return [requested, { status: 'Countered', by: 'business' }, { status, by: 'customer' }];
    default: {
      const unreachable: never = status;
      throw new Error(`no demo path to ${String(unreachable)}`);
    }
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The booking time for a demo booking: in the future, the first bookable slot on or after the
 * wanted day and hour (so it respects hours, away dates and hours already held); in the past,
 * the wanted hour on the nearest earlier open day, clamped into that day's first range.
 */
function demoBookingTime(
  business: DemoBusiness,
  wanted: DemoBooking,
  today: string,
  now: Date,
  held: string[],
): string {
  if (wanted.day < 0) {
    for (let offset = wanted.day; offset > wanted.day - 7; offset -= 1) {
      const date = addDays(today, offset);
      const range = business.availability[weekdayOf(date)]?.[0];
      if (!range) continue;
      const startHour = Number(range.start.slice(0, 2));
      const lastHour = Number(range.end.slice(0, 2)) - 1;
      return `${date} ${pad(Math.min(Math.max(wanted.hour, startHour), lastHour))}:00`;
    }
    throw new Error(`${business.key} has no hours in the week before day ${wanted.day}`);
  }
  const slots = generateBookableSlots({
    availability: business.availability,
    awayDates: business.away.map((away) => ({
      startDate: addDays(today, away.from),
      endDate: addDays(today, away.to),
    })),
    takenSlots: held,
    now,
  });
  const from = `${addDays(today, wanted.day)} ${pad(wanted.hour)}:00`;
  const slot = slots.find((s) => s >= from) ?? slots.at(-1);
  if (!slot) throw new Error(`${business.key} has no bookable slots`);
  return slot;
}

/** A booking to write: whose, where, when, how it went, and when it was asked for. */
interface PlannedBooking {
  business: DemoBusiness;
  customer: DemoCustomer;
  startsAt: string;
  status: BookingStatus;
  price: number;
  counter?: number;
  homeVisit: boolean;
  requestedMs: number;
  thread?: DemoBooking['thread'];
  payment?: DemoPayment;
  businessCancelled?: string;
}

/** How a past booking ended: mostly kept, some cancelled, denied or a counter offer declined. */
function pastStatus(r: number): BookingStatus {
  if (r < 0.58) return 'Approved';
  if (r < 0.76) return 'Confirmed';
  if (r < 0.86) return 'Cancelled';
  if (r < 0.94) return 'Denied';
  return 'Declined';
}

/** Where a coming booking stands: mostly agreed, a few still waiting on someone, one or two cancelled. */
function futureStatus(r: number): BookingStatus {
  if (r < 0.55) return 'Approved';
  if (r < 0.72) return 'Confirmed';
  if (r < 0.84) return 'Requested';
  if (r < 0.92) return 'Countered';
  return 'Cancelled';
}

/**
 * A shop's everyday bookings (DemoHistory) by the regular customers, mostly ones from its own town.
 * Every one is at a distinct bookable hour of its day (the shop's hours, not away, not over one of
 * `taken`), so no two bookings of the shop overlap, agreed or not.
 */
function planHistory(
  business: DemoBusiness,
  history: DemoHistory,
  taken: readonly string[],
  now: Date,
): PlannedBooking[] {
  const random = seededRandom(business.key);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const nowMs = now.getTime();
  const today = todayInLondon(now);
  const awayDates = business.away.map((away) => ({
    startDate: addDays(today, away.from),
    endDate: addDays(today, away.to),
  }));
  const businessTown = businessTownOf(business.businessAddress);
  const locals = DEMO_REGULAR_CUSTOMERS.filter((c) => c.town === businessTown);
  const planned: PlannedBooking[] = [];
  const lastDay = Math.min(history.futureDays, BOOKING_WINDOW_WEEKS * 7);
  for (let offset = -history.pastDays; offset <= lastDay; offset += 1) {
    const date = addDays(today, offset);
    const past = offset < 0;
    const odds = past ? history.past : history.future;
    const r = random();
    const wanted = r < odds.two ? 2 : r < odds.two + odds.one ? 1 : 0;
    if (wanted === 0) continue;
    // A past day's hours are read as of the day before it, so that none has gone by yet.
    const dayRules = {
      availability: business.availability,
      awayDates,
      takenSlots: taken.filter((slot) => slot.startsWith(date)),
      now: past ? londonWallClockToUtc(`${addDays(date, -1)} 12:00`) : now,
    };
    const free = [...bookableSlotsOn(date, dayRules)];
    for (let n = 0; n < wanted && free.length > 0; n += 1) {
      const startsAt = free.splice(Math.floor(random() * free.length), 1)[0]!;
      const startsMs = londonWallClockToUtc(startsAt).getTime();
      const status = past ? pastStatus(random()) : futureStatus(random());
      const price = business.minimumPrice + 5 * Math.floor(random() * 4);
      const countered = status === 'Confirmed' || status === 'Declined' || status === 'Countered';
      const customer = locals.length > 0 && random() < 0.75 ? pick(locals) : pick(DEMO_REGULAR_CUSTOMERS);
      const homeVisit = business.homeVisits && random() < 0.3;
      // Asked for 1-10 days ahead (never later than 3 hours ago), at a time of its own.
      const requestedMs =
        Math.min(nowMs - 3 * HOUR_MS, startsMs - (1 + Math.floor(random() * 10)) * DAY_MS) -
        Math.floor(random() * 600) * MINUTE_MS -
        planned.length * 1000;
      planned.push({
        business,
        customer,
        startsAt,
        status,
        price,
        counter: countered ? price + 5 * (1 + Math.floor(random() * 2)) : undefined,
        homeVisit,
        requestedMs,
      });
    }
  }
  return planned;
}

/** At least this many reviews for every listed business (so each shows its average). */
const MIN_DEMO_REVIEWS = 4;
/** The share of a shop's past agreed visits that its customers reviewed. */
const REVIEWED_SHARE = 0.45;

/** What the regulars wrote, by stars (all pass the profanity check; some reviews have no comment). */
const REVIEW_COMMENTS: Readonly<Record<2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    'Best fade I’ve had in years. Sound fella and great craic too.',
    'Class cut as always. In and out in under the hour.',
    'Couldn’t fault it. The hot towel shave was pure brilliant.',
    'Took my wee lad for his first proper haircut and they were so patient with him.',
    'Booked the night before, no bother at all. Will definitely be back.',
    'Absolutely delighted with it. My wife says I look ten years younger.',
    'Dead on. Listened to what I wanted and didn’t rush me.',
    'Top class beard trim, worth every penny.',
    'Bang on time, spotless shop and a brilliant cut. What more could you want?',
    'Five stars. Sorted me out the day before a wedding at short notice.',
  ],
  4: [
    'Good cut. A bit of a wait as they were running behind, but worth it.',
    'Very happy with the skin fade. Parking round there is a nightmare though.',
    'Friendly and a tidy shop. Would have liked a bit more off the top.',
    'Solid haircut at a fair price. The coffee was a nice touch.',
    'Grand job. We chatted about the football the whole time.',
    'Nice and quick on my lunch break. Would recommend.',
    'Really good with curly hair, which is rare enough round here.',
  ],
  3: [
    'Decent enough cut but it felt a bit rushed.',
    'Fine, but they were fifteen minutes late starting.',
    'Okay. It came out a wee bit shorter than I asked for.',
    'The cut was grand but the price crept up on the day.',
  ],
  2: [
    'Not what I asked for and I had to get it fixed elsewhere. Polite enough though.',
    'Waited over half an hour past my time and the fade was patchy.',
  ],
};

/** The shops' answers: thanks for good reviews, an apology and an offer for poor ones. */
const REVIEW_THANKS: readonly ((firstName: string) => string)[] = [
  (name) => `Thanks a million, ${name}. See you next time!`,
  (name) => `Cheers ${name}, glad you’re happy with it.`,
  () => 'Thanks for the kind words, it was a pleasure.',
  (name) => `Much appreciated, ${name}. Mind and book early for Christmas!`,
];
const REVIEW_APOLOGIES: readonly ((firstName: string) => string)[] = [
  (name) => `Sorry it wasn’t right this time, ${name}. Pop in and we’ll sort it, no charge.`,
  () => 'Thanks for the honest feedback. We’ve added another chair on Saturdays so the waits are shorter.',
  (name) => `Sorry to hear that, ${name}. Give us a ring and we’ll make it right.`,
];

/** A past visit worth reviewing: agreed, and its hour ended at least an hour before `nowMs`. */
function isPastVisit(booking: PlannedBooking, nowMs: number): boolean {
  return (
    (booking.status === 'Approved' || booking.status === 'Confirmed') &&
    appointmentEndsAt(booking.startsAt).getTime() <= nowMs - HOUR_MS
  );
}

/**
 * More past Approved visits by a shop's regulars, so that it has `count` more to be reviewed: one
 * every few open days back from two days ago, at a bookable hour of the day over none of `taken`.
 * Needed only when a shop's random history has too few (rare).
 */
function extraVisits(
  business: DemoBusiness,
  count: number,
  taken: readonly string[],
  now: Date,
): PlannedBooking[] {
  const random = seededRandom(`${business.key}:visits`);
  const today = todayInLondon(now);
  const awayDates = business.away.map((away) => ({
    startDate: addDays(today, away.from),
    endDate: addDays(today, away.to),
  }));
  const businessTown = businessTownOf(business.businessAddress);
  const locals = DEMO_REGULAR_CUSTOMERS.filter((c) => c.town === businessTown);
  const customers = locals.length > 0 ? locals : DEMO_REGULAR_CUSTOMERS;
  const planned: PlannedBooking[] = [];
  for (
    let offset = -2;
    offset >= -(business.history?.pastDays ?? 180) && planned.length < count;
    offset -= 1
  ) {
    const date = addDays(today, offset);
    const free = bookableSlotsOn(date, {
      availability: business.availability,
      awayDates,
      takenSlots: [...taken, ...planned.map((p) => p.startsAt)].filter((slot) => slot.startsWith(date)),
      now: londonWallClockToUtc(`${addDays(date, -1)} 12:00`),
    });
    if (free.length === 0) continue;
    const startsAt = free[Math.floor(random() * free.length)]!;
    planned.push({
      business,
      customer: customers[Math.floor(random() * customers.length)]!,
      startsAt,
      status: 'Approved',
      price: business.minimumPrice,
      homeVisit: false,
      requestedMs: londonWallClockToUtc(startsAt).getTime() - (2 + Math.floor(random() * 5)) * DAY_MS,
    });
    // Spread out over the weeks rather than on consecutive days.
    offset -= 4;
  }
  return planned;
}

/** A visit (a written booking) that may be reviewed: its id and plan. */
interface DemoVisit {
  id: string;
  booking: PlannedBooking;
}

/** A review to write: which visit, and what the customer and the shop said. */
interface PlannedReview {
  visit: DemoVisit;
  review: DemoReview;
}

/**
 * The reviews of a shop's past visits by its regulars: about REVIEWED_SHARE of them (at least
 * MIN_DEMO_REVIEWS, the latest ones), mostly 4 or 5 stars, some without a comment, some answered.
 */
function planReviews(business: DemoBusiness, visits: readonly DemoVisit[]): PlannedReview[] {
  const random = seededRandom(`${business.key}:reviews`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const latestFirst = [...visits].sort((a, b) => b.booking.startsAt.localeCompare(a.booking.startsAt));
  const chosen = latestFirst.filter((_, index) => index < MIN_DEMO_REVIEWS || random() < REVIEWED_SHARE);
  return chosen.map((visit) => {
    const r = random();
    const rating = r < 0.5 ? 5 : r < 0.8 ? 4 : r < 0.94 ? 3 : 2;
    const comment = random() < 0.2 ? '' : pick(REVIEW_COMMENTS[rating]);
    const answered = random() < (rating >= 4 ? 0.35 : 0.75);
    const firstName = visit.booking.customer.firstName;
    const reply = answered ? pick(rating >= 4 ? REVIEW_THANKS : REVIEW_APOLOGIES)(firstName) : undefined;
    return { visit, review: { rating, comment, reply, daysAfter: random() * 4 } };
  });
}

/** Rows in batches small enough for any database's limit on bound parameters. */
function chunksOf<T>(rows: readonly T[], size = 200): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

export interface SeedResult {
  /** False when the database already had accounts (nothing was written). */
  seeded: boolean;
  logins: readonly DemoLogin[];
}

/** True when the database has no accounts yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** True when the demo accounts are there (so their logins are worth printing). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const customer = DEMO_CUSTOMERS[0]!;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', customer.email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty database with the demo data, in one transaction; does nothing (seeded: false)
 * when any account exists. Safe to call on every start, and from two processes at once.
 */
/** A booking's payment columns when nothing was asked online. */
const NOTHING_PAID = {
  payment_status: 'NotRequired',
  amount_due_pence: 0,
  payment_due_by: null,
  amount_paid_pence: 0,
  amount_refunded_pence: 0,
  attendance: null,
} as const;

/**
 * A demo booking's money (api-contract §9.2): the deposit its business asks for, still due (by the
 * deadline an agreement made now would have), paid, or paid and given back; with its ledger rows
 * (a charge through a TEST checkout, a refund), as the development provider would have left them.
 */
function demoPayment(
  bookingId: string,
  booking: PlannedBooking,
  agreedPrice: number,
  now: Date,
  record: (row: Database['payments']) => void,
): Partial<Insertable<Database['bookings']>> {
  const percent = booking.business.depositPercent;
  if (!booking.payment || !percent) return {};
  const due = amountDuePence(agreedPrice, { mode: 'deposit', depositPercent: percent });
  if (booking.payment === 'due') {
    return {
      payment_status: 'Due' as const,
      amount_due_pence: due,
      payment_due_by: paymentDueBy(
        now,
        booking.startsAt,
        parsePaymentWindow(DEFAULT_PAYMENT_WINDOW),
      ).toISOString(),
    };
  }
  const paidAt = iso(Math.min(booking.requestedMs + 2 * HOUR_MS, now.getTime() - HOUR_MS));
  const chargeId = randomUUID();
  const movement = { booking_id: bookingId, amount_pence: due, provider: 'development', attempts: 0 };
  const settled = { status: 'succeeded' as const, next_attempt_at: null, last_error: null };
  record({
    id: chargeId,
    ...movement,
    ...settled,
    kind: 'charge',
    provider_ref: `cs_test_demo_${bookingId.slice(0, 8)}`,
    refund_of: null,
    created_at: paidAt,
    updated_at: paidAt,
  });
  if (booking.payment === 'paid') {
    const started = Date.parse(`${booking.startsAt.replace(' ', 'T')}:00Z`) < now.getTime();
    return {
      payment_status: 'Paid' as const,
      amount_due_pence: due,
      amount_paid_pence: due,
      ...(started ? { attendance: 'Attended' as const } : {}),
    };
  }
  const refundedAt = iso(Math.min(booking.requestedMs + 4 * HOUR_MS, now.getTime() - 30 * MINUTE_MS));
  record({
    id: randomUUID(),
    ...movement,
    ...settled,
    kind: 'refund',
    provider_ref: `re_test_demo_${bookingId.slice(0, 8)}`,
    refund_of: chargeId,
    created_at: refundedAt,
    updated_at: refundedAt,
  });
  return {
    payment_status: 'Refunded' as const,
    amount_due_pence: due,
    amount_paid_pence: due,
    amount_refunded_pence: due,
  };
}

export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeedResult> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false, logins: DEMO_LOGINS };
  // One hash for every demo account: seeding stays fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nowMs = now.getTime();
  const today = todayInLondon(now);
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`unknown demo account ${key}`);
    return id;
  };

  const users: Database['users'][] = [];
  for (const [index, business] of DEMO_BUSINESSES.entries()) {
    const id = randomUUID();
    ids.set(business.key, id);
    const joined = iso(nowMs - (120 - index) * DAY_MS);
    users.push(
      newUserRow({
        id,
        email: business.email,
        password_hash: passwordHash,
        user_type: business.userType,
        first_name: business.firstName,
        last_name: business.lastName,
        phone_number: business.phone,
        address: business.address,
        birthdate: '1985-06-15',
        is_confirmed: 1,
        confirmed_at: joined,
        business_name: business.businessName,
        business_address: business.businessAddress,
        business_description: business.description,
        minimum_price: business.minimumPrice,
        home_visits_enabled: business.homeVisits ? 1 : 0,
        is_listed: business.isListed ? 1 : 0,
        show_full_address: business.showFullAddress === false ? 0 : 1,
        availability: JSON.stringify(business.availability),
        ...(business.slotStep ? { slot_step_minutes: business.slotStep } : {}),
        ...(business.depositPercent
          ? { payment_mode: 'deposit' as const, deposit_percent: business.depositPercent }
          : {}),
        created_at: joined,
      }),
    );
  }
  for (const [index, customer] of [...DEMO_CUSTOMERS, ...DEMO_REGULAR_CUSTOMERS].entries()) {
    const id = randomUUID();
    ids.set(customer.key, id);
    // The regulars have been customers for over a year (their first bookings are a year old).
    const joined = iso(nowMs - (index < DEMO_CUSTOMERS.length ? 60 - index : 400 + index) * DAY_MS);
    users.push(
      newUserRow({
        id,
        email: customer.email,
        password_hash: passwordHash,
        user_type: 'User',
        first_name: customer.firstName,
        last_name: customer.lastName,
        phone_number: customer.phone,
        address: customer.address,
        birthdate: customer.birthdate,
        is_confirmed: 1,
        confirmed_at: joined,
        created_at: joined,
      }),
    );
  }

  const awayDates: Database['away_dates'][] = DEMO_BUSINESSES.flatMap((business) =>
    business.away.map((away) => ({
      id: randomUUID(),
      user_id: idOf(business.key),
      start_date: addDays(today, away.from),
      end_date: addDays(today, away.to),
      reason: away.reason ?? null,
      status: 'active',
      created_at: iso(nowMs - 10 * DAY_MS),
    })),
  );

  // Every shop's menu and team, and each booking's service and member from them.
  const catalog = demoCatalog(DEMO_BUSINESSES, idOf, iso(nowMs - 100 * DAY_MS));
  const bookings: Insertable<Database['bookings']>[] = [];
  const transitions: Database['booking_transitions'][] = [];
  // Each booking's thread (api-contract §8.8): its status changes as system lines (a line per
  // transition, as migration 0011 makes them), then the story's messages.
  const threads: Database['booking_threads'][] = [];
  const threadLines: Database['booking_messages'][] = [];
  const plannedReviews: PlannedReview[] = [];
  const ledger: Database['payments'][] = [];
  const addBooking = (booking: PlannedBooking): string => {
    const { business, customer, startsAt, status, price, counter, requestedMs } = booking;
    const steps = booking.businessCancelled
      ? [
          { status: 'Requested' as const, by: 'customer' as const },
          { status: 'Approved' as const, by: 'business' as const },
          { status, by: 'business' as const },
        ]
      : pathTo(status);
    const id = randomUUID();
    const hasCounter = steps.some((step) => step.status === 'Countered');
    const finalPrice =
      status === 'Approved' || booking.businessCancelled
        ? price
        : status === 'Confirmed'
          ? (counter ?? price)
          : null;
    steps.forEach((step, index) => {
      const stepPrice =
        step.status === 'Countered'
          ? (counter ?? null)
          : step.status === 'Requested'
            ? price
            : step.status === 'Approved' || step.status === 'Confirmed'
              ? finalPrice
              : null;
      transitions.push({
        id: randomUUID(),
        booking_id: id,
        from_status: index === 0 ? null : (steps[index - 1]!.status as BookingStatusValue),
        to_status: step.status,
        actor_id: idOf(step.by === 'customer' ? customer.key : business.key),
        price: stepPrice,
        created_at: iso(requestedMs + index * HOUR_MS),
      });
    });
    const updatedMs = requestedMs + (steps.length - 1) * HOUR_MS;
    const lines = [
      ...transitions
        .filter((transition) => transition.booking_id === id)
        .map((transition) => ({
          id: transition.id,
          sender: 'system' as const,
          sender_id: null,
          body: '',
          status: transition.to_status,
          price: transition.price,
          created_at: transition.created_at,
        })),
      ...(booking.thread?.lines ?? []).map((line, index) => ({
        id: randomUUID(),
        sender: line.by,
        sender_id: idOf(line.by === 'customer' ? customer.key : business.key),
        body: line.text,
        status: null,
        price: null,
        // Minutes after the last change, never in the future.
        created_at: iso(Math.min(updatedMs + (index + 1) * 9 * MINUTE_MS, nowMs - (10 - index) * MINUTE_MS)),
      })),
    ];
    lines.forEach((line, index) => {
      threadLines.push({ ...line, booking_id: id, seq: index + 1 });
    });
    const last = lines.length;
    const lastBy = booking.thread?.lines.at(-1)?.by;
    // Everything is read, except the story's last message by the party it is for.
    const unreadFor = booking.thread?.unread ? (lastBy === 'customer' ? 'business' : 'customer') : null;
    threads.push({
      booking_id: id,
      customer_id: idOf(customer.key),
      business_id: idOf(business.key),
      last_seq: last,
      customer_read_seq: unreadFor === 'customer' ? last - 1 : last,
      business_read_seq: unreadFor === 'business' ? last - 1 : last,
      created_at: iso(requestedMs),
    });
    bookings.push({
      id,
      business_id: idOf(business.key),
      customer_id: idOf(customer.key),
      status,
      starts_at: startsAt,
      price,
      original_price: hasCounter ? price : null,
      counter_price: hasCounter ? (counter ?? null) : null,
      final_price: finalPrice,
      is_home_visit: booking.homeVisit ? 1 : 0,
      customer_address: booking.homeVisit ? customer.address : null,
      customer_name: `${customer.firstName} ${customer.lastName}`,
      customer_email: customer.email,
      customer_phone: customer.phone,
      barber_name: `${business.firstName} ${business.lastName}`,
      business_name: business.businessName,
      cancelled_by: status === 'Cancelled' ? (steps.at(-1)?.by ?? 'customer') : null,
      cancellation_reason: booking.businessCancelled ?? null,
      ...catalog.pick(business.key, status),
      // Every row names every payment column (one multi-row insert: a missing one would be NULL).
      ...NOTHING_PAID,
      ...demoPayment(id, booking, finalPrice ?? price, now, (row) => ledger.push(row)),
      created_at: iso(requestedMs),
      updated_at: iso(updatedMs),
    });
    return id;
  };

  // The story's own bookings first: they take their hours before the regulars' everyday ones.
  const heldBy = new Map<string, string[]>();
  const startsBy = new Map<string, string[]>();
  for (const [index, wanted] of DEMO_BOOKINGS.entries()) {
    const business = DEMO_BUSINESSES.find((b) => b.key === wanted.business)!;
    const customer = DEMO_CUSTOMERS.find((c) => c.key === wanted.customer)!;
    const held = heldBy.get(business.key) ?? [];
    const startsAt = demoBookingTime(business, wanted, today, now, held);
    if (wanted.status === 'Approved' || wanted.status === 'Confirmed')
      heldBy.set(business.key, [...held, startsAt]);
    startsBy.set(business.key, [...(startsBy.get(business.key) ?? []), startsAt]);

    // Requested a few days before its time (never in the future), each later step an hour apart.
    const bookingMs = Date.parse(`${startsAt.replace(' ', 'T')}:00Z`);
    // Minutes apart, so "newest first" lists have one order.
    const requestedMs = Math.min(nowMs - 3 * HOUR_MS, bookingMs - 3 * DAY_MS) - index * 7 * MINUTE_MS;
    const planned: PlannedBooking = {
      business,
      customer,
      startsAt,
      status: wanted.status,
      price: wanted.price,
      counter: wanted.counter,
      homeVisit: wanted.homeVisit ?? false,
      requestedMs,
      thread: wanted.thread,
      payment: wanted.payment,
      businessCancelled: wanted.businessCancelled,
    };
    const id = addBooking(planned);
    if (wanted.review) plannedReviews.push({ visit: { id, booking: planned }, review: wanted.review });
  }

  // Then each shop's everyday bookings by the regulars, at hours the story left free, and the
  // regulars' reviews of their past visits (more visits first if a shop has too few).
  for (const business of DEMO_BUSINESSES) {
    if (!business.history) continue;
    const taken = startsBy.get(business.key) ?? [];
    const planned = planHistory(business, business.history, taken, now);
    const pastVisits = planned.filter((booking) => isPastVisit(booking, nowMs)).length;
    const extra =
      business.isListed && pastVisits < MIN_DEMO_REVIEWS
        ? extraVisits(
            business,
            MIN_DEMO_REVIEWS - pastVisits,
            [...taken, ...planned.map((b) => b.startsAt)],
            now,
          )
        : [];
    const visits = [...planned, ...extra].map((booking) => ({ id: addBooking(booking), booking }));
    if (business.isListed)
      plannedReviews.push(
        ...planReviews(
          business,
          visits.filter((visit) => isPastVisit(visit.booking, nowMs)),
        ),
      );
  }

  // The reviews, written a while after each visit ended (never in the future) and answered a while
  // after; each business's kept totals of its visible reviews (users.review_count, review_sum) are
  // what the reviews repository would have added up.
  const reviews: Database['reviews'][] = plannedReviews.map(({ visit, review }) => {
    const endedMs = appointmentEndsAt(visit.booking.startsAt).getTime();
    const writtenMs = Math.min(
      endedMs + HOUR_MS + Math.round(review.daysAfter * DAY_MS),
      endedMs + (REVIEW_WINDOW_DAYS - 1) * DAY_MS,
      nowMs - 30 * MINUTE_MS,
    );
    const repliedMs = Math.min(writtenMs + 5 * HOUR_MS, nowMs - 10 * MINUTE_MS);
    const reply = review.reply !== undefined && repliedMs > writtenMs ? review.reply : null;
    const { customer, business } = visit.booking;
    return {
      id: randomUUID(),
      booking_id: visit.id,
      business_id: idOf(business.key),
      customer_id: idOf(customer.key),
      rating: review.rating,
      comment: review.comment,
      author_name: reviewAuthorName(customer.firstName, customer.lastName),
      visited_on: visit.booking.startsAt.slice(0, 10),
      reply,
      reply_at: reply === null ? null : iso(repliedMs),
      hidden: 0,
      hidden_reason: null,
      hidden_at: null,
      created_at: iso(writtenMs),
      updated_at: iso(writtenMs),
    };
  });
  for (const review of reviews) {
    const business = users.find((user) => user.id === review.business_id)!;
    business.review_count += 1;
    business.review_sum += review.rating;
  }

  try {
    await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: another process may have seeded meanwhile.
      if (!(await isDatabaseEmpty(trx))) throw new AlreadySeeded();
      for (const chunk of chunksOf(users)) await trx.insertInto('users').values(chunk).execute();
      if (awayDates.length > 0) await trx.insertInto('away_dates').values(awayDates).execute();
      for (const chunk of chunksOf(catalog.services))
        await trx.insertInto('services').values(chunk).execute();
      for (const chunk of chunksOf(catalog.members))
        await trx.insertInto('team_members').values(chunk).execute();
      for (const chunk of chunksOf(catalog.memberServices))
        await trx.insertInto('member_services').values(chunk).execute();
      for (const chunk of chunksOf(bookings)) await trx.insertInto('bookings').values(chunk).execute();
      for (const chunk of chunksOf(transitions))
        await trx.insertInto('booking_transitions').values(chunk).execute();
      for (const chunk of chunksOf(threads)) await trx.insertInto('booking_threads').values(chunk).execute();
      for (const chunk of chunksOf(threadLines))
        await trx.insertInto('booking_messages').values(chunk).execute();
      for (const chunk of chunksOf(reviews)) await trx.insertInto('reviews').values(chunk).execute();
      const accounts = DEMO_BUSINESSES.filter((business) => business.depositPercent).map((business) => ({
        business_id: idOf(business.key),
        provider: 'development',
        account_ref: `acct_test_demo_${business.key}`,
        status: 'active' as const,
        created_at: iso(nowMs - 30 * DAY_MS),
        updated_at: iso(nowMs - 30 * DAY_MS),
      }));
      if (accounts.length > 0) await trx.insertInto('payment_accounts').values(accounts).execute();
      for (const chunk of chunksOf(ledger)) await trx.insertInto('payments').values(chunk).execute();
    });
  } catch (error) {
    if (error instanceof AlreadySeeded || isUniqueViolation(error))
      return { seeded: false, logins: DEMO_LOGINS };
    throw error;
  }
  return { seeded: true, logins: DEMO_LOGINS };
}

class AlreadySeeded extends Error {}

/** The start-up banner: every demo login and the shared password. */
export function formatDemoLogins(logins: readonly DemoLogin[] = DEMO_LOGINS): string {
  const width = Math.max(...logins.map((login) => login.email.length));
  const lines = logins.map(
    (login) => `  ${login.email.padEnd(width)}  ${login.role.padEnd(8)}  ${login.description}`,
  );
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)) + 2);
  return [
    rule,
    `  Demo accounts (development data), all with the password: ${DEMO_PASSWORD}`,
    rule,
    ...lines,
    rule,
  ].join('\n');
}
