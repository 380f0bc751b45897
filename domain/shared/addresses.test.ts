import { describe, expect, it } from 'vitest';
import { addressKey } from './addresses.ts';

describe('addressKey', () => {
  it('IPv4: la dirección misma', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
    expect(addressKey(' 127.0.0.1 ')).toBe('127.0.0.1');
  });

  it('IPv4 mapeada en IPv6, en cualquier grafía, es la IPv4', () => {
    for (const mapeada of [
      '::ffff:203.0.113.7',
      '::FFFF:203.0.113.7',
      '0:0:0:0:0:ffff:203.0.113.7',
      '0000:0000:0000:0000:0000:ffff:cb00:7107',
      '::ffff:cb00:7107',
    ]) {
      expect(addressKey(mapeada), mapeada).toBe('203.0.113.7');
    }
    // Other prefixes around an IPv4 are IPv6 addresses of their own, not the IPv4.
    expect(addressKey('::203.0.113.7')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('0064:ff9b:0000:0000::/64');
  });

  it('IPv6: su /64, escrita expandida y en minúsculas, igual en todas sus grafías', () => {
    const grafias = [
      '2001:db8:1:2::5',
      '2001:DB8:1:2::5',
      '2001:0db8:0001:0002:0000:0000:0000:0005',
      '2001:db8:1:2:0:0:0:5',
      '2001:db8:1:2:ffff::1',
      '2001:0DB8:0001:0002:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:1:2:a:b:1.2.3.4',
    ];
    for (const g of grafias) expect(addressKey(g), g).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('::')).toBe('0000:0000:0000:0000::/64');
  });

  it('el límite del /64: el último de un bloque y el primero del siguiente tienen claves distintas', () => {
    const ultimo = addressKey('2001:db8:0:1:ffff:ffff:ffff:ffff');
    expect(ultimo).toBe(addressKey('2001:db8:0:1::'));
    expect(addressKey('2001:db8:0:2::')).not.toBe(ultimo);
    expect(addressKey('2001:db8:0:0:ffff:ffff:ffff:ffff')).not.toBe(ultimo);
    // Same /48, different /64: different households.
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8:0:101::1'));
  });

  it('quita el identificador de zona', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressKey('fe80::2%2')).toBe(addressKey('FE80::1%eth0'));
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::1'));
  });

  it('lo que no es una dirección queda como su propia clave', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('no-es-ip')).toBe('no-es-ip');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
