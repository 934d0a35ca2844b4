import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { businessJsonLd, type JsonLdBusiness, jsonLdScriptText } from './business-json-ld';

const PAGE_URL = 'https://trimtime.example/booking/b-1';

const business = (overrides: Partial<JsonLdBusiness> = {}): JsonLdBusiness => ({
  BusinessName: 'Malone Barbers',
  BusinessAddress: 'Unit 4, 12 Lisburn Road, Belfast, BT9 6AA',
  BusinessTown: 'Belfast',
  BusinessDescription: 'Skin fades, beard trims and hot towel shaves.',
  minimumPrice: 20,
  availability: {
    Saturday: [{ start: '10:00', end: '14:00' }],
    Monday: [
      { start: '13:00', end: '17:00' },
      { start: '09:00', end: '12:00' },
    ],
    Tuesday: [],
  },
  rating: { average: 4.7, count: 12 },
  ...overrides,
});

describe('businessJsonLd (api-contract §9.1)', () => {
  it('describes the business as a schema.org HairSalon at its page’s canonical address', () => {
    expect(businessJsonLd(business(), { url: PAGE_URL })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      name: 'Malone Barbers',
      url: PAGE_URL,
      description: 'Skin fades, beard trims and hot towel shaves.',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 4, 12 Lisburn Road',
        addressLocality: 'Belfast',
        postalCode: 'BT9 6AA',
        addressCountry: 'GB',
      },
      priceRange: 'From £20',
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '09:00',
          closes: '12:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '13:00',
          closes: '17:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Saturday',
          opens: '10:00',
          closes: '14:00',
        },
      ],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 12 },
    });
  });

  it('gives no street when the business shows only its town and postcode', () => {
    const hidden = businessJsonLd(business({ BusinessAddress: 'Belfast, BT9 6AA' }), { url: PAGE_URL });
    expect(hidden.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Belfast',
      postalCode: 'BT9 6AA',
      addressCountry: 'GB',
    });
  });

  it('reads line-separated addresses and leaves out the parts it does not have', () => {
    expect(
      businessJsonLd(business({ BusinessAddress: '2 High Street\nOmagh', BusinessTown: 'Omagh' }), {
        url: PAGE_URL,
      }).address,
    ).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '2 High Street',
      addressLocality: 'Omagh',
      addressCountry: 'GB',
    });
    expect(
      businessJsonLd(business({ BusinessAddress: '', BusinessTown: '' }), { url: PAGE_URL }).address,
    ).toEqual({ '@type': 'PostalAddress', addressCountry: 'GB' });
  });

  it('has a rating only once the business has an average (3 reviews or more)', () => {
    expect(businessJsonLd(business({ rating: null }), { url: PAGE_URL })).not.toHaveProperty(
      'aggregateRating',
    );
    expect(
      businessJsonLd(business({ rating: { average: null, count: 2 } }), { url: PAGE_URL }),
    ).not.toHaveProperty('aggregateRating');
  });

  it('names a business without a name as the app does, and leaves out an empty description', () => {
    const unnamed = businessJsonLd(business({ BusinessName: '  ', BusinessDescription: ' ' }), {
      url: PAGE_URL,
    });
    expect(unnamed.name).toBe('Unknown Business');
    expect(unnamed).not.toHaveProperty('description');
  });

  it('has no opening hours when the business has none', () => {
    expect(
      businessJsonLd(business({ availability: {} }), { url: PAGE_URL }).openingHoursSpecification,
    ).toEqual([]);
  });
});

/**
 * NOTE: no network here, and no npm package ships schema.org's own context document
 * (https://schema.org/docs/jsonldcontext.jsonld). This is the part of it the description uses, as
 * that document writes it: terms map into `@vocab` http://schema.org/ (schema.org's context still
 * expands to http, not https), `url` is coerced to an IRI, and the rest (name, address parts,
 * dayOfWeek, opens, closes, ratingValue, ...) are plain values there as here. A term or type the
 * real context did not define would expand here all the same, so the assertions name every
 * property they expect.
 */
const SCHEMA_ORG_CONTEXT = {
  '@context': {
    '@vocab': 'http://schema.org/',
    schema: 'http://schema.org/',
    url: { '@id': 'schema:url', '@type': '@id' },
  },
};

const CONTEXT_URLS = new Set([
  'https://schema.org',
  'https://schema.org/',
  'http://schema.org',
  'http://schema.org/',
]);

const offlineLoader = async (url: string) => {
  if (!CONTEXT_URLS.has(url)) throw new Error(`no network in tests: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT };
};

type Expanded = Record<string, unknown>;
const S = 'http://schema.org/';
/** The one node of an expanded property. */
const nodeOf = (node: Expanded, property: string) => (node[`${S}${property}`] as Expanded[])[0] as Expanded;
/** The plain value(s) of an expanded property. */
const valuesOf = (node: Expanded, property: string) =>
  ((node[`${S}${property}`] ?? []) as Expanded[]).map((entry) => entry['@value'] ?? entry['@id']);

describe('businessJsonLd read by a JSON-LD processor (jsonld.js, against schema.org’s context)', () => {
  it('expands to a HairSalon with its name, address parts, hours and rating', async () => {
    const text = jsonLdScriptText(businessJsonLd(business(), { url: PAGE_URL }));
    const [salon, ...others] = (await jsonld.expand(JSON.parse(text), {
      documentLoader: offlineLoader,
    })) as Expanded[];
    expect(others).toEqual([]);
    if (!salon) throw new Error('nothing expanded');

    expect(salon['@type']).toEqual([`${S}HairSalon`]);
    expect(valuesOf(salon, 'name')).toEqual(['Malone Barbers']);
    expect(valuesOf(salon, 'url')).toEqual([PAGE_URL]);
    expect(valuesOf(salon, 'priceRange')).toEqual(['From £20']);

    const address = nodeOf(salon, 'address');
    expect(address['@type']).toEqual([`${S}PostalAddress`]);
    expect(valuesOf(address, 'streetAddress')).toEqual(['Unit 4, 12 Lisburn Road']);
    expect(valuesOf(address, 'addressLocality')).toEqual(['Belfast']);
    expect(valuesOf(address, 'postalCode')).toEqual(['BT9 6AA']);
    expect(valuesOf(address, 'addressCountry')).toEqual(['GB']);

    const hours = (salon[`${S}openingHoursSpecification`] as Expanded[]).map((spec) => ({
      type: spec['@type'],
      day: valuesOf(spec, 'dayOfWeek'),
      opens: valuesOf(spec, 'opens'),
      closes: valuesOf(spec, 'closes'),
    }));
    const spec = (day: string, opens: string, closes: string) => ({
      type: [`${S}OpeningHoursSpecification`],
      day: [`https://schema.org/${day}`],
      opens: [opens],
      closes: [closes],
    });
    expect(hours).toEqual([
      spec('Monday', '09:00', '12:00'),
      spec('Monday', '13:00', '17:00'),
      spec('Saturday', '10:00', '14:00'),
    ]);

    const rating = nodeOf(salon, 'aggregateRating');
    expect(rating['@type']).toEqual([`${S}AggregateRating`]);
    expect(valuesOf(rating, 'ratingValue')).toEqual([4.7]);
    expect(valuesOf(rating, 'reviewCount')).toEqual([12]);
  });

  it('expands a business whose street is hidden and that has no rating without either', async () => {
    const description = businessJsonLd(business({ BusinessAddress: 'Belfast, BT9 6AA', rating: null }), {
      url: PAGE_URL,
    });
    const [salon] = (await jsonld.expand(JSON.parse(jsonLdScriptText(description)), {
      documentLoader: offlineLoader,
    })) as Expanded[];
    if (!salon) throw new Error('nothing expanded');
    expect(valuesOf(nodeOf(salon, 'address'), 'streetAddress')).toEqual([]);
    expect(valuesOf(nodeOf(salon, 'address'), 'addressLocality')).toEqual(['Belfast']);
    expect(salon).not.toHaveProperty(`${S}aggregateRating`);
  });
});

describe('jsonLdScriptText', () => {
  const attack = '</script><script>alert(1)</script><!-- & more';

  it('lets no description end the <script> element early', () => {
    const text = jsonLdScriptText(
      businessJsonLd(business({ BusinessDescription: attack }), { url: PAGE_URL }),
    );
    expect(text).not.toMatch(/[<>&]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  it('parses back to the same value, whatever it holds', () => {
    const value = { description: attack, line: 'a\u2028b\u2029c', price: 'From £20' };
    const text = jsonLdScriptText(value);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps the whole document in one script element of an HTML page', () => {
    const text = jsonLdScriptText(
      businessJsonLd(business({ BusinessDescription: attack }), { url: PAGE_URL }),
    );
    const page = `<script type="application/ld+json">${text}</script>`;
    // An HTML parser ends a script element at the first `</script`: it must be ours.
    expect(page.toLowerCase().indexOf('</script')).toBe(page.length - '</script>'.length);
    const inside = page.slice(page.indexOf('>') + 1, page.lastIndexOf('</script>'));
    expect(JSON.parse(inside).description).toBe(attack);
  });
});
