/**
 * Sets of IP addresses as sorted, disjoint, inclusive intervals of integers (BigInt, so IPv6 fits):
 * what is free in a prefix or range is its interval minus the addresses and blocks in use.
 */
import { bigIntToIp, ipToBigInt } from '../../write/index.ts';

export interface Interval {
  readonly lo: bigint;
  readonly hi: bigint;
}

export interface Network {
  readonly family: 4 | 6;
  readonly first: bigint;
  readonly last: bigint;
  readonly length: number;
}

export function bitsOf(family: 4 | 6): number {
  return family === 4 ? 32 : 128;
}

/** `10.1.0.0/16` (or `10.1.2.3/16`) → its first and last address. */
export function parseNetwork(text: string): Network {
  const [host = '', mask] = text.split('/');
  const { value, family } = ipToBigInt(host);
  const bits = bitsOf(family);
  const length = mask === undefined ? bits : Number(mask);
  const size = 1n << BigInt(bits - length);
  const first = value & ~(size - 1n);
  return { family, first, last: first + size - 1n, length };
}

export function hostValue(text: string): bigint {
  const [host = ''] = text.split('/');
  return ipToBigInt(host).value;
}

export function formatIp(value: bigint, family: 4 | 6): string {
  return bigIntToIp(value, family);
}

/** `set` without the `removed` intervals (both sorted or not; the result is sorted and disjoint). */
export function subtract(set: readonly Interval[], removed: readonly Interval[]): Interval[] {
  const cuts = [...removed].sort((a, b) => (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : 0));
  const out: Interval[] = [];
  for (const s of set) {
    let lo = s.lo;
    for (const c of cuts) {
      if (c.hi < lo || c.lo > s.hi) continue;
      if (c.lo > lo) out.push({ lo, hi: c.lo - 1n });
      lo = c.hi + 1n;
      if (lo > s.hi) break;
    }
    if (lo <= s.hi) out.push({ lo, hi: s.hi });
  }
  return out;
}

export function size(set: readonly Interval[]): bigint {
  return set.reduce((n, i) => n + (i.hi - i.lo + 1n), 0n);
}

/** The first `limit` addresses of the set, in order. */
export function firstAddresses(set: readonly Interval[], limit: number): bigint[] {
  const out: bigint[] = [];
  for (const i of set) {
    for (let v = i.lo; v <= i.hi && out.length < limit; v++) out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}

/** The set as the fewest aligned CIDR blocks, in address order (netaddr's iter_cidrs). */
export function cidrs(set: readonly Interval[], family: 4 | 6): { start: bigint; length: number }[] {
  const bits = bitsOf(family);
  const out: { start: bigint; length: number }[] = [];
  for (const i of set) {
    let lo = i.lo;
    while (lo <= i.hi) {
      let length = bits;
      // grow the block while it stays aligned and inside the interval
      while (length > 0) {
        const size = 1n << BigInt(bits - length + 1);
        if (lo % size !== 0n || lo + size - 1n > i.hi) break;
        length--;
      }
      out.push({ start: lo, length });
      lo += 1n << BigInt(bits - length);
    }
  }
  return out;
}
