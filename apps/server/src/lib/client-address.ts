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
/** 6to4's 2002::/16: the site's IPv4 address in the 32 bits after it (RFC 3056). */
const SIX_TO_FOUR = [0x2002];
/** Teredo's 2001:0::/32: the client's IPv4 address in the last 32 bits, every bit inverted (RFC 4380). */
const TEREDO = [0x2001, 0];

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
const ipv4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}` as ClientAddressKey;

/** The IPv4 client an IPv6 address carries (IPv4-mapped, NAT64, 6to4, Teredo), or null. */
function carriedIpv4(groups: number[]): ClientAddressKey | null {
  if (startsWith(groups, IPV4_MAPPED) || startsWith(groups, NAT64)) return ipv4(groups[6], groups[7]);
  if (startsWith(groups, SIX_TO_FOUR)) return ipv4(groups[1], groups[2]);
  if (startsWith(groups, TEREDO)) return ipv4(groups[6] ^ 0xffff, groups[7] ^ 0xffff);
  return null;
}

/**
 * The key of a client address for limits and lock-outs: an IPv4 address as it is; one carried in IPv6 (IPv4-mapped
 * ::ffff:a.b.c.d, NAT64, 6to4 or Teredo) as that IPv4 address, so a tunnelled client shares its IPv4 address's limits;
 * any other IPv6 address cut to its /64, since a subscriber holds a whole /64 and could otherwise take a fresh address
 * for every attempt. However the address is written (compressed or
 * not, upper case, a zone id, brackets), its key is the same. Anything else is its own key, in lower case.
 */
export function clientAddressKey(ip: string): ClientAddressKey {
  const bare = (ip ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare as ClientAddressKey;
  const address = bare.split('%')[0];
  if (!isIPv6(address)) return bare.toLowerCase() as ClientAddressKey;
  const groups = groupsOf(address);
  const carried = carriedIpv4(groups);
  if (carried) return carried;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64` as ClientAddressKey;
}

/** A /64 key as `clientAddressKey` writes it; its first three groups are the /48. */
const SIXTY_FOUR_KEY = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/;

/**
 * The IPv6 network a client key lies in, its /48 (`2001:db8:1::/48`), for a key that `clientAddressKey` cut to a /64;
 * null for an IPv4 client and for any other key (a member's id never has a colon). A /48 is what one site is given,
 * and a free tunnel broker hands one out: 65,536 /64s, each a fresh key (decision 221).
 */
export function networkKeyOf(key: string): string | null {
  const match = SIXTY_FOUR_KEY.exec(key);
  return match ? `${match[1]}::/48` : null;
}
