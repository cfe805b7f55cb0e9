import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it.each([
    '::ffff:203.0.113.7',
    '::FFFF:203.0.113.7',
    '0:0:0:0:0:ffff:203.0.113.7',
    '0000:0000:0000:0000:0000:FFFF:CB00:7107',
    '::ffff:cb00:7107',
    '[::ffff:203.0.113.7]',
    // NAT64's well-known prefix carries the IPv4 client in its last 32 bits.
    '64:ff9b::203.0.113.7',
    '64:ff9b::cb00:7107',
  ])('counts %s as the IPv4 address it carries', (ip) => {
    expect(clientAddressKey(ip)).toBe('203.0.113.7');
  });

  it.each([
    '2001:db8:1:2::1',
    '2001:db8:1:2::ffff:1',
    '2001:0db8:0001:0002:0000:0000:0000:0001',
    '2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF',
    '2001:db8:1:2:0:0:0:0',
    '2001:db8:1:2::',
    '2001:db8:1:2::1%eth0',
    '2001:db8:1:2:aaaa:bbbb:1.2.3.4',
    '[2001:db8:1:2::1]',
  ])('cuts %s to its /64', (ip) => {
    expect(clientAddressKey(ip)).toBe('2001:db8:1:2::/64');
  });

  it('keeps different /64s apart, the compressed zeros in the prefix included', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:3::1', '2001:db8::1:2:0:1', '2001:db8:0:1::2:0:1', '::1'].map(
      clientAddressKey,
    );
    expect(keys).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:3::/64',
      '2001:db8:0:0::/64',
      '2001:db8:0:1::/64',
      '0:0:0:0::/64',
    ]);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::ffff:0:203.0.113.7')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address as its own key, in lower case', () => {
    expect(clientAddressKey('Unknown')).toBe('unknown');
    expect(clientAddressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(clientAddressKey('')).toBe('');
  });
});
