import { isIPv4, isIPv6 } from 'node:net';

declare const clientAddress: unique symbol;
/**
 * What a per-address limit counts a client by, made only by `clientAddressKey`: the limits take this type, so none
 * can be keyed on a raw `request.ip` by mistake. Where an address is shown to people, the full one is kept.
 */
export type ClientAddressKey = string & { readonly [clientAddress]: true };

const IPV4_MAPPED = [0, 0, 0, 0, 0, 0xffff];
/** NAT64's well-known prefix 64:ff9b::/96: an IPv4 client translated for an IPv6-only server. */
const NAT64 = [0x64, 0xff9b, 0, 0, 0, 0];

/** The eight 16-bit groups of a valid IPv6 address without zone id (an IPv4 tail gives the last two). */
function groupsOf(ip: string): number[] {
  const lastColon = ip.lastIndexOf(':');
  const tail = ip.slice(lastColon + 1);
  const v4 = tail.includes('.') ? tail.split('.').map(Number) : null;
  const text = v4 ? `${ip.slice(0, lastColon + 1)}0:0` : ip;
  const hex = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [left, right] = text.split('::');
  const head = hex(left);
  const rest = hex(right ?? '');
  const groups = right === undefined ? head : [...head, ...Array(8 - head.length - rest.length).fill(0), ...rest];
  if (v4) groups.splice(6, 2, (v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
  return groups;
}

const startsWith = (groups: number[], prefix: number[]) => prefix.every((g, i) => groups[i] === g);

/**
 * The key of a client address for limits and lock-outs: an IPv4 address as it is; one carried in IPv6 (IPv4-mapped
 * ::ffff:a.b.c.d, or NAT64) as that IPv4 address; any other IPv6 address cut to its /64, since a subscriber holds a
 * whole /64 and could otherwise take a fresh address for every attempt. However the address is written (compressed or
 * not, upper case, a zone id, brackets), its key is the same. Anything else is its own key, in lower case.
 */
export function clientAddressKey(ip: string): ClientAddressKey {
  const bare = (ip ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare as ClientAddressKey;
  const address = bare.split('%')[0];
  if (!isIPv6(address)) return bare.toLowerCase() as ClientAddressKey;
  const groups = groupsOf(address);
  if (startsWith(groups, IPV4_MAPPED) || startsWith(groups, NAT64))
    return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}` as ClientAddressKey;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64` as ClientAddressKey;
}
