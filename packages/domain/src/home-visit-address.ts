// Apart from home-visit-areas.ts: the address rules bring zod's profile schemas and the profanity
// word list, which the business page's first load (it names the districts) must not download.
import { homeVisitAreaError } from './home-visit-areas';
import { joinedAddressError } from './profile';

/**
 * Whether a home visit can go to `address`: the profile's address rules (line 1, city, an NI
 * postcode) and the districts the business travels to. The web checks it before the request is sent
 * (the profile's address too: sign-up takes any UK postcode), the API when it arrives.
 */
export function homeVisitAddressError(
  address: string,
  districts: readonly string[],
  businessName: string,
): string | null {
  return joinedAddressError(address) ?? homeVisitAreaError(address, districts, businessName);
}
