import { describe, expect, it } from 'vitest';
import { clientAddressKey, networkKeyOf } from './client-address';

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
    // 6to4 (2002::/16): the site's IPv4 address is the 32 bits after the prefix; the site's subnets and hosts follow.
    '2002:cb00:7107::1',
    '2002:CB00:7107:1::',
    '2002:cb00:7107:ffff:aaaa:bbbb:cccc:dddd',
    '2002:cb00:7107:0000:0000:0000:0000:0001',
    '2002:cb00:7107::192.0.2.1',
    '2002:cb00:7107::1%eth0',
    '[2002:cb00:7107::1]',
    // Teredo (2001:0::/32): the server's IPv4, flags, the port inverted, then the client's IPv4 inverted.
    '2001:0:4136:e378:8000:63bf:34ff:8ef8',
    '2001:0000:4136:E378:8000:63BF:34FF:8EF8',
    '2001::4136:e378:8000:63bf:34ff:8ef8',
    '2001:0:4136:e378:8000:63bf:52.255.142.248',
    '2001:0:c000:201:0:f227:34ff:8ef8',
    '[2001:0:4136:e378:8000:63bf:34ff:8ef8]',
    '2001:0:4136:e378:8000:63bf:34ff:8ef8%teredo',
  ])('counts %s as the IPv4 address of the client it tunnels', (ip) => {
    expect(clientAddressKey(ip)).toBe('203.0.113.7');
  });

  it('reads the IPv4 address of 6to4 and Teredo byte by byte', () => {
    // The RFC 4380 example: client 192.0.2.45 behind server 65.54.227.120, port 40000.
    expect(clientAddressKey('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('192.0.2.45');
    expect(clientAddressKey('2001::ffff:ffff')).toBe('0.0.0.0');
    expect(clientAddressKey('2001::')).toBe('255.255.255.255');
    expect(clientAddressKey('2002:102:304::')).toBe('1.2.3.4');
    expect(clientAddressKey('2002::1')).toBe('0.0.0.0');
  });

  it('leaves the neighbours of 6to4 and Teredo cut to their /64', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:1:4136:e378:8000:63bf:34ff:8ef8')).toBe('2001:1:4136:e378::/64');
    expect(clientAddressKey('2003:cb00:7107:1::1')).toBe('2003:cb00:7107:1::/64');
    expect(clientAddressKey('2000:cb00:7107:1::1')).toBe('2000:cb00:7107:1::/64');
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

describe('networkKeyOf', () => {
  it('gives the /48 of an IPv6 client, however its address was written', () => {
    for (const ip of ['2001:db8:1:2::1', '2001:DB8:1:ffff::1', '2001:0db8:0001:0000::1', '[2001:db8:1:2::1%eth0]']) {
      expect(networkKeyOf(clientAddressKey(ip))).toBe('2001:db8:1::/48');
    }
    expect(networkKeyOf(clientAddressKey('2001:db8::1'))).toBe('2001:db8:0::/48');
    expect(networkKeyOf(clientAddressKey('2001:db8:2:2::1'))).toBe('2001:db8:2::/48');
  });

  it('has none for an IPv4 client, one tunnelled or mapped, a member id or what is not an address', () => {
    for (const ip of ['203.0.113.7', '::ffff:203.0.113.7', '64:ff9b::cb00:7107', '2002:cb00:7107:1::1', 'unknown']) {
      expect(networkKeyOf(clientAddressKey(ip))).toBeNull();
    }
    expect(networkKeyOf('Xk3_9aZ-q0hT2mN8vB1cLw')).toBeNull();
    expect(networkKeyOf('2001:db8:1::/48')).toBeNull();
  });
});
