import { describe, expect, it } from 'vitest';
import { addressBucket, forwardedClient, isIpAddress } from './client-address.ts';

describe('addressBucket', () => {
  it('keeps an IPv4 address as its own bucket, and reads IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressBucket('203.0.113.8')).not.toBe(addressBucket('203.0.113.7'));
  });

  it('puts every address of one IPv6 /64 in one bucket, whatever its spelling or zone id', () => {
    const bucket = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:fffe',
      '2001:0DB8:0000:0001:0000:0000:0000:0001',
      '2001:db8::1:8:9:a:b',
      '2001:db8:0:1::1.2.3.4',
    ]) {
      expect(addressBucket(address)).toBe(bucket);
    }
    expect(addressBucket('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressBucket('fe80::2%1')).toBe('fe80::/64');
    expect(addressBucket('::1')).toBe('::/64');
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(addressBucket('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressBucket('2001:db9:0:1::1')).not.toBe(addressBucket('2001:db8:0:1::1'));
  });

  it('gives no bucket for what is not an address, shorthand IPv4 included', () => {
    for (const value of ['', 'unknown', 'example.com', '127.1', '1.2.3', '2001:db8::1::2', '1.2.3.4:80', '[::1]']) {
      expect(addressBucket(value)).toBeNull();
      expect(isIpAddress(value)).toBe(false);
    }
    expect(isIpAddress('::ffff:1.2.3.4')).toBe(true);
  });
});

describe('forwardedClient', () => {
  it('reads the entry as many places from the right as there are trusted hops', () => {
    const header = '198.51.100.9, 203.0.113.7, 10.0.0.2';
    expect(forwardedClient(header, 1)).toBe('10.0.0.2');
    expect(forwardedClient(header, 2)).toBe('203.0.113.7');
    expect(forwardedClient(header, 3)).toBe('198.51.100.9');
    // Fewer entries than hops: the leftmost is the best known.
    expect(forwardedClient(header, 9)).toBe('198.51.100.9');
    expect(forwardedClient('2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('trusts nothing without hops, and nothing that is not an address', () => {
    expect(forwardedClient('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('', 1)).toBeUndefined();
    expect(forwardedClient('203.0.113.7, not-an-ip', 1)).toBeUndefined();
    expect(forwardedClient('203.0.113.7, <script>', 1)).toBeUndefined();
  });
});
