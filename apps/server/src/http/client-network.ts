import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address's eight groups (an embedded dotted IPv4 part counts as two). */
function ipv6Groups(address: string): string[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  let text = address;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  if (tail === undefined) return front;
  const back = tail ? tail.split(':') : [];
  return [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
}

/**
 * The network of a client's address, as the inspector links' openings keep it (docs/security.md):
 * IPv4 cut to its /24, IPv6 to its /48 (an IPv4-mapped IPv6 address counts as IPv4). Enough to tell
 * an authority's office from a phone elsewhere; not an address that names a person's connection.
 * Null for anything that is not an IP address.
 */
export function clientNetwork(address: string | undefined): string | null {
  const plain = address?.replace(/%.*$/, '') ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
  const v4 = mapped ?? plain;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return null;
  const groups = ipv6Groups(plain).slice(0, 3);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/48`;
}
