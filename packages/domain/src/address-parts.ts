// The parts of an address typed as one text (the invite wizard's and the business's): no zod here,
// so pages that only show an address (business-address.ts) stay small.

/** Spec §5 invite address postcode: BT, one or two digits, a space, a digit and two letters. */
export const INVITE_POSTCODE_PATTERN = /^BT\d{1,2} \d[A-Z]{2}$/i;

/** The non-empty comma- or line-separated parts of an address, trimmed. */
export function addressSegments(address: string): string[] {
  return address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The last comma- or line-separated part of an address, trimmed ('' when there is none). */
export function lastAddressSegment(address: string): string {
  return addressSegments(address).at(-1) ?? '';
}
