import { isIPv4, isIPv6 } from 'node:net';

/**
 * The rate-limit key of a client address. IPv4: the address. IPv6: its /64 network, since one
 * subscriber usually gets a whole /64 and could otherwise rotate through 2^64 addresses to dodge
 * a per-address limit. An IPv4-mapped IPv6 address (::ffff:192.0.2.1) counts as its IPv4 address.
 * Anything else (no address at all) is used as it is.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names the interface, not the host
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with :: and a trailing dotted IPv4 part). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
