import { lastAddressSegment } from './address-parts';

// Issue 29, item 19: a business may name the postcode districts it travels to for home visits
// (Northern Ireland's are BT1 to BT99), as a list and ranges: 'BT1-BT9, BT20'. None named: it
// travels anywhere. A home visit's address is checked against them before the request is sent
// (the web) and when it arrives (the API).

/** (ours) The most districts a business may name. */
export const MAX_HOME_VISIT_DISTRICTS = 99;
/** (ours) The longest text of districts a business may type. */
export const MAX_HOME_VISIT_DISTRICTS_TEXT = 300;

export const HOME_VISIT_DISTRICTS_FORMAT =
  'Postcode districts look like BT1, or BT1-BT9 for a range, separated by commas';

const districtNumber = (text: string): number | null => {
  const match = /^BT(\d{1,2})$/i.exec(text.trim());
  const number = match ? Number(match[1]) : null;
  return number !== null && number >= 1 && number <= 99 ? number : null;
};

/**
 * 'bt1-bt9, BT20' → ['BT1', …, 'BT9', 'BT20'] (unique, in number order); '' → [] (anywhere). En
 * and em dashes count as a range's dash. An error names the format.
 */
export function parsePostcodeDistricts(text: string): { districts: string[] } | { error: string } {
  const numbers = new Set<number>();
  for (const part of text.split(/[,;\n]/)) {
    if (!part.trim()) continue;
    const [from, to, ...rest] = part.split(/[-–—]/);
    const start = districtNumber(from ?? '');
    const end = to === undefined ? start : districtNumber(to);
    if (start === null || end === null || rest.length > 0 || end < start) {
      return { error: HOME_VISIT_DISTRICTS_FORMAT };
    }
    for (let n = start; n <= end; n += 1) numbers.add(n);
  }
  return { districts: [...numbers].sort((a, b) => a - b).map((n) => `BT${n}`) };
}

/** ['BT1', …, 'BT9', 'BT20'] → 'BT1–BT9, BT20' (runs of three or more as ranges). */
export function formatPostcodeDistricts(districts: readonly string[]): string {
  const numbers = districts.map((d) => districtNumber(d)).filter((n): n is number => n !== null);
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j += 1;
    const first = numbers[i] ?? 0;
    const last = numbers[j] ?? 0;
    if (j - i >= 2) runs.push(`BT${first}–BT${last}`);
    else for (let k = i; k <= j; k += 1) runs.push(`BT${numbers[k]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** The postcode district of an address whose last part is an NI postcode: '…, BT9 6EN' → 'BT9'. */
export function postcodeDistrictOf(address: string): string | null {
  const match = /^BT(\d{1,2}) ?\d[A-Z]{2}$/i.exec(lastAddressSegment(address).trim());
  return match ? `BT${Number(match[1])}` : null;
}

/**
 * Whether the business travels to a home visit at `address`: null when it does (or names no
 * districts), else what to tell the customer.
 */
export function homeVisitAreaError(
  address: string,
  districts: readonly string[],
  businessName: string,
): string | null {
  if (districts.length === 0) return null;
  const district = postcodeDistrictOf(address);
  if (district && districts.includes(district)) return null;
  return `${businessName} travels to ${formatPostcodeDistricts(districts)} only${district ? `: this address is in ${district}` : ''}. Choose an address there, or visit the shop.`;
}
