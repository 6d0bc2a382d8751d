/**
 * The threads that check GraphQL requests (runtime/graphql/pool.ts) as the server uses them, with the
 * generated schema: verdicts come back from real worker threads; a check that outlives its deadline fails
 * with a clear, transient error (the cache of verdicts does not keep it); after idle threads end, the next
 * check starts one again; a closed pool answers at once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckLimits, Verdict } from '../../runtime/graphql/check.ts';
import { createCheckPool, type PoolOptions } from '../../runtime/graphql/pool.ts';
import { VerdictCache } from '../../runtime/graphql/verdicts.ts';

const sdl = readFileSync('generated/graphql/schema.graphql', 'utf8');
const limits: CheckLimits = { maxAliases: 10, maxDepth: 10, maxCost: 100_000, maxTokens: 10_000 };
const pool = (o: Partial<PoolOptions> = {}) =>
  createCheckPool({ sdl, limits, size: 2, timeoutMs: 60_000, idleMs: 60_000, ...o });

describe('checking threads', () => {
  it('answer verdicts: errors, whole introspection answers, and introspection beside data fields', async () => {
    const p = pool();
    try {
      const [bad, typename, mixed] = await Promise.all([
        p.check({ query: '{ site_list { nonsense } }' }),
        p.check({ query: '{ __typename }' }),
        p.check({ query: '{ site_list { name } __type(name: "SiteType") { name } }' }),
      ]);
      expect(bad).toEqual({
        errors: [
          { message: "Cannot query field 'nonsense' on type 'SiteType'.", locations: [{ line: 1, column: 15 }] },
        ],
      });
      expect(typename).toEqual({ answer: '{"data":{"__typename":"Query"}}' });
      expect(mixed).toEqual({ introspection: { __type: '{"name":"SiteType"}' } });
    } finally {
      await p.close();
    }
  }, 60_000);

  it('a check past its deadline fails with a transient error, which the cache of verdicts does not keep', async () => {
    const p = pool({ timeoutMs: 1 });
    const cache = new VerdictCache(1024 * 1024);
    const request = { query: '{ __typename }' };
    try {
      // a thread takes far longer than 1 ms to start
      const late = await cache.verdict(request, () => p.check(request));
      expect(late).toEqual({
        errors: [{ message: 'The query could not be checked within 1 ms (REQUEST_TIMEOUT_MS).' }],
        transient: true,
      });
      const patient = pool();
      try {
        const v: Verdict = await cache.verdict(request, () => patient.check(request));
        expect(v).toEqual({ answer: '{"data":{"__typename":"Query"}}' });
      } finally {
        await patient.close();
      }
    } finally {
      await p.close();
    }
  }, 60_000);

  it('after its idle threads have ended, the next check starts one; a closed pool answers at once', async () => {
    const p = pool({ idleMs: 50 });
    try {
      expect(await p.check({ query: '{ __typename }' })).toEqual({ answer: '{"data":{"__typename":"Query"}}' });
      await new Promise((r) => setTimeout(r, 300));
      expect(await p.check({ query: '{ __typename a: __typename }' })).toEqual({
        answer: '{"data":{"__typename":"Query","a":"Query"}}',
      });
    } finally {
      await p.close();
    }
    // a closed pool answers at once
    expect(await p.check({ query: '{ __typename }' })).toEqual({
      errors: [{ message: 'The server is stopping.' }],
      transient: true,
    });
  }, 60_000);
});
