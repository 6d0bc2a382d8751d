/** IPv4/IPv6 text ↔ integers, canonical (RFC 5952) formatting and network addresses. */
import { isIP } from 'node:net';

export function ipToBigInt(host: string): { value: bigint; family: 4 | 6 } {
  if (isIP(host) === 4) {
    return { value: host.split('.').reduce((acc, o) => (acc << 8n) + BigInt(Number(o)), 0n), family: 4 };
  }
  let text = host;
  // an embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const n = ipToBigInt(v4).value;
    text = `${text.slice(0, -v4.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const a = head ? head.split(':') : [];
  const b = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? a : [...a, ...Array(8 - a.length - b.length).fill('0'), ...b];
  return { value: groups.reduce((acc, g) => (acc << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n), family: 6 };
}

export function bigIntToIp(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn));
  // compress the longest run (length ≥ 2) of zero groups
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** The network address of `host/len`, canonical. */
export function networkOf(host: string, len: number): string {
  const { value, family } = ipToBigInt(host);
  const bits = family === 4 ? 32n : 128n;
  const mask = len === 0 ? 0n : ((1n << BigInt(len)) - 1n) << (bits - BigInt(len));
  return `${bigIntToIp(value & mask, family)}/${len}`;
}

export function canonicalAddress(host: string, len: number): string {
  const { value, family } = ipToBigInt(host);
  return `${bigIntToIp(value, family)}/${len}`;
}
