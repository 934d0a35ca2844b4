import { addressSegments } from './address-parts';
import { businessPostcodeOf } from './business-address';
import { businessDisplayName } from './business-display';
import { WEEKDAYS } from './constants';
import type { AvailableTimesResponse } from './contract/bookings';
import type { Rating } from './contract/reviews';

// The structured data of a business's page (api-contract §9.1): one schema.org `HairSalon`, in a
// <script type="application/ld+json">, built from what the page already shows.

/** What the description needs of the business (GET /booking/available-times' `business`). */
export type JsonLdBusiness = Pick<
  AvailableTimesResponse['business'],
  | 'BusinessName'
  | 'BusinessAddress'
  | 'BusinessTown'
  | 'BusinessDescription'
  | 'minimumPrice'
  | 'availability'
> & { rating: Rating | null };

export interface PostalAddressJsonLd {
  '@type': 'PostalAddress';
  streetAddress?: string;
  addressLocality?: string;
  postalCode?: string;
  addressCountry: 'GB';
}

export interface OpeningHoursJsonLd {
  '@type': 'OpeningHoursSpecification';
  /** The schema.org day's URL (`https://schema.org/Monday`). */
  dayOfWeek: string;
  /** 'HH:MM' */
  opens: string;
  /** 'HH:MM' */
  closes: string;
}

export interface AggregateRatingJsonLd {
  '@type': 'AggregateRating';
  ratingValue: number;
  reviewCount: number;
}

export interface HairSalonJsonLd {
  '@context': 'https://schema.org';
  '@type': 'HairSalon';
  name: string;
  url: string;
  description?: string;
  address: PostalAddressJsonLd;
  priceRange: string;
  openingHoursSpecification: OpeningHoursJsonLd[];
  aggregateRating?: AggregateRatingJsonLd;
}

const SCHEMA_ORG = 'https://schema.org';

/**
 * The address as a PostalAddress. BusinessAddress is already the public form (§8.5): when the
 * business hides its street it is only 'Town, POSTCODE', so whatever comes before the town is the
 * street, and there is none to give when it is hidden.
 */
function postalAddressOf(business: JsonLdBusiness): PostalAddressJsonLd {
  const postalCode = businessPostcodeOf(business.BusinessAddress);
  const segments = addressSegments(business.BusinessAddress);
  // Without the postcode, the last part is the town (businessTownOf reads it the same way).
  const beforeTown = (postalCode ? segments.slice(0, -1) : segments).slice(0, -1);
  const streetAddress = beforeTown.join(', ');
  const addressLocality = business.BusinessTown.trim();
  return {
    '@type': 'PostalAddress',
    ...(streetAddress ? { streetAddress } : {}),
    ...(addressLocality ? { addressLocality } : {}),
    ...(postalCode ? { postalCode } : {}),
    addressCountry: 'GB',
  };
}

/** One OpeningHoursSpecification per range of each weekday, Monday first, earliest range first. */
function openingHoursOf(availability: JsonLdBusiness['availability']): OpeningHoursJsonLd[] {
  return WEEKDAYS.flatMap((day) =>
    [...(availability[day] ?? [])]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(
        (range): OpeningHoursJsonLd => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: `${SCHEMA_ORG}/${day}`,
          opens: range.start,
          closes: range.end,
        }),
      ),
  );
}

/**
 * The business page's schema.org `HairSalon` (api-contract §9.1). `url` is the page's canonical
 * address. The rating is given only once the business has an average (§8.6: 3 reviews or more).
 */
export function businessJsonLd(business: JsonLdBusiness, { url }: { url: string }): HairSalonJsonLd {
  const description = business.BusinessDescription.trim();
  const rating = business.rating;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'HairSalon',
    name: businessDisplayName(business),
    url,
    ...(description ? { description } : {}),
    address: postalAddressOf(business),
    // The business's minimum price (whole pounds): what a visit costs at least, nothing more.
    priceRange: `From £${business.minimumPrice}`,
    openingHoursSpecification: openingHoursOf(business.availability),
    ...(rating && rating.average !== null && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
          },
        }
      : {}),
  };
}

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the inside of a <script type="application/ld+json">: `<`, `>` and `&` written as JSON
 * escapes, so no text in it (`</script>`, `<!--`) can end the element early; it parses back to the
 * same value.
 */
export function jsonLdScriptText(value: object): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_UNSAFE[char] ?? char);
}
