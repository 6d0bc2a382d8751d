/**
 * IP maths without PostgreSQL: addresses ↔ integers with RFC 5952 text (runtime/write/ip.ts), and the
 * interval sets free addresses and prefixes are computed with (runtime/rest/actions/ipset.ts).
 */
import { describe, expect, it } from 'vitest';
import { cidrs, firstAddresses, parseNetwork, size, subtract } from '../../../runtime/rest/actions/ipset.ts';
import { bigIntToIp, canonicalAddress, ipToBigInt, networkOf } from '../../../runtime/write/ip.ts';

describe('addresses', () => {
  it.each([
    { given: '0.0.0.0', want: { value: 0n, family: 4 } },
    { given: '10.1.2.3', want: { value: 0x0a010203n, family: 4 } },
    { given: '255.255.255.255', want: { value: 0xffffffffn, family: 4 } },
    { given: '::', want: { value: 0n, family: 6 } },
    { given: '::1', want: { value: 1n, family: 6 } },
    { given: '2001:db8::', want: { value: 0x20010db8n << 96n, family: 6 } },
    { given: '::ffff:1.2.3.4', want: { value: 0xffff01020304n, family: 6 } },
  ])('$given as an integer', ({ given, want }) => {
    expect(ipToBigInt(given)).toEqual(want);
  });

  // RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as ::, the first on a tie
  it.each([
    { given: '2001:0DB8:0000:0000:0000:0000:0000:0001', want: '2001:db8::1' },
    { given: '2001:db8:0:1:0:0:0:1', want: '2001:db8:0:1::1' },
    { given: '2001:db8:0:0:1:0:0:1', want: '2001:db8::1:0:0:1' },
    { given: '2001:db8:0:1:1:1:1:1', want: '2001:db8:0:1:1:1:1:1' },
    { given: '0:0:0:0:0:0:0:0', want: '::' },
    { given: '1::', want: '1::' },
  ])('$given is written $want', ({ given, want }) => {
    const { value, family } = ipToBigInt(given);
    expect(bigIntToIp(value, family)).toBe(want);
  });

  it.each([
    { host: '10.1.2.3', len: 16, want: '10.1.0.0/16' },
    { host: '10.1.2.3', len: 0, want: '0.0.0.0/0' },
    { host: '10.1.2.3', len: 32, want: '10.1.2.3/32' },
    { host: '2001:db8:1:2::5', len: 48, want: '2001:db8:1::/48' },
  ])('the network of $host/$len is $want', ({ host, len, want }) => {
    expect(networkOf(host, len)).toBe(want);
  });

  it('writes an address canonically with its mask', () => {
    expect(canonicalAddress('2001:DB8:0:0::0001', 64)).toBe('2001:db8::1/64');
  });
});

describe('interval sets', () => {
  const net = parseNetwork('10.0.0.7/29');
  const all = [{ lo: net.first, hi: net.last }];
  const ip = (text: string) => ipToBigInt(text).value;

  it('parse a network to its first and last address', () => {
    expect(net).toEqual({ family: 4, first: ip('10.0.0.0'), last: ip('10.0.0.7'), length: 29 });
    expect(parseNetwork('2001:db8::/126').last - parseNetwork('2001:db8::/126').first).toBe(3n);
  });

  it.each([
    { removed: [], want: [['10.0.0.0', '10.0.0.7']] },
    {
      removed: [['10.0.0.2', '10.0.0.2']],
      want: [
        ['10.0.0.0', '10.0.0.1'],
        ['10.0.0.3', '10.0.0.7'],
      ],
    },
    // unsorted and overlapping cuts, and cuts beyond the set
    {
      removed: [
        ['10.0.0.6', '10.0.0.9'],
        ['9.0.0.0', '10.0.0.0'],
        ['10.0.0.3', '10.0.0.4'],
        ['10.0.0.4', '10.0.0.4'],
      ],
      want: [
        ['10.0.0.1', '10.0.0.2'],
        ['10.0.0.5', '10.0.0.5'],
      ],
    },
    { removed: [['10.0.0.0', '10.0.0.7']], want: [] },
  ])('subtract $removed', ({ removed, want }) => {
    const cut = removed.map(([lo, hi]) => ({ lo: ip(lo!), hi: ip(hi!) }));
    expect(subtract(all, cut)).toEqual(want.map(([lo, hi]) => ({ lo: ip(lo!), hi: ip(hi!) })));
  });

  it('count and list the first addresses', () => {
    const free = subtract(all, [{ lo: ip('10.0.0.1'), hi: ip('10.0.0.5') }]);
    expect(size(free)).toBe(3n);
    expect(firstAddresses(free, 2)).toEqual([ip('10.0.0.0'), ip('10.0.0.6')]);
    expect(firstAddresses(free, 10)).toHaveLength(3);
  });

  // netaddr's iter_cidrs: the fewest aligned blocks
  it.each([
    { lo: '10.0.0.0', hi: '10.0.0.255', want: ['10.0.0.0/24'] },
    { lo: '10.0.0.1', hi: '10.0.0.6', want: ['10.0.0.1/32', '10.0.0.2/31', '10.0.0.4/31', '10.0.0.6/32'] },
    { lo: '10.0.0.8', hi: '10.0.0.23', want: ['10.0.0.8/29', '10.0.0.16/29'] },
  ])('cidrs of $lo–$hi', ({ lo, hi, want }) => {
    const blocks = cidrs([{ lo: ip(lo), hi: ip(hi) }], 4);
    expect(blocks.map((b) => `${bigIntToIp(b.start, 4)}/${b.length}`)).toEqual(want);
  });
});
