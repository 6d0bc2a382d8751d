/**
 * The replay's pass rules (tests/replay/compare.ts), given a recorded and a live side: one finding per
 * difference, rows matched by id, only the key shape of an error body, deliveries compared in the
 * README's order, and signatures checked against the corpus secret.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  compare,
  diffJson,
  lowerHeaders,
  signatureValid,
  WEBHOOK_SECRET,
  type Delivery,
  type Side,
} from '../../replay/compare.ts';

const ok = (body: unknown, status = 200): Side => ({ status, body, json: true });

describe('compare', () => {
  it.each([
    { name: 'identical bodies', rec: ok({ a: 1 }), ours: ok({ a: 1 }), want: [] },
    {
      name: 'a status',
      rec: ok({ a: 1 }, 200),
      ours: ok({ a: 1 }, 201),
      want: [{ kind: 'status', path: '', recorded: 200, ours: 201 }],
    },
    {
      name: 'a value, a key we lack and a key we add',
      rec: ok({ a: 1, b: { c: 2 }, gone: 0 }),
      ours: ok({ a: 2, b: { c: 2 }, extra: 1 }),
      want: [
        { kind: 'body', path: 'a', recorded: 1, ours: 2 },
        { kind: 'body', path: 'gone', recorded: 0, missing: 'ours' },
        { kind: 'body', path: 'extra', ours: 1, missing: 'recorded' },
      ],
    },
    {
      name: 'rows matched by id: a missing row is one finding, a changed row names its id',
      rec: ok({
        results: [
          { id: 1, n: 'a' },
          { id: 2, n: 'b' },
        ],
      }),
      ours: ok({ results: [{ id: 2, n: 'B' }] }),
      want: [
        { kind: 'body', path: 'results[ids]', recorded: [1, 2], ours: [2] },
        { kind: 'body', path: 'results[id=2].n', recorded: 'b', ours: 'B' },
      ],
    },
    {
      name: 'lists without ids by position and length',
      rec: ok({ l: [1, 2, 3] }),
      ours: ok({ l: [1, 5] }),
      want: [
        { kind: 'body', path: 'l[length]', recorded: 3, ours: 2 },
        { kind: 'body', path: 'l[1]', recorded: 2, ours: 5 },
      ],
    },
    {
      name: 'an error body by its keys only',
      rec: ok({ name: ['This field is required.'], slug: ['x'] }, 400),
      ours: ok({ name: ['Another message.'], extra: ['y'] }, 400),
      want: [
        { kind: 'shape', path: 'slug', missing: 'ours' },
        { kind: 'shape', path: 'extra', missing: 'recorded' },
      ],
    },
    {
      name: 'an error body that is text on our side',
      rec: ok({ detail: 'x' }, 404),
      ours: { status: 404, body: 'Not Found', json: false },
      want: [{ kind: 'shape', path: '', recorded: 'object', ours: 'text' }],
    },
    {
      name: 'the Location of a redirect, not its body',
      rec: { status: 302, location: '/api/x/', body: 'a', json: false },
      ours: { status: 302, location: '/api/y/', body: 'b', json: false },
      want: [{ kind: 'location', path: '', recorded: '/api/x/', ours: '/api/y/' }],
    },
    {
      name: 'a status of another class: nothing more',
      rec: ok({ a: 1 }, 200),
      ours: ok({ detail: 'x' }, 500),
      want: [{ kind: 'status', path: '', recorded: 200, ours: 500 }],
    },
  ])('$name', ({ rec, ours, want }) => {
    expect(compare(rec, ours)).toEqual(want);
  });

  it('compares deliveries in path order: count, path, body, the headers that count, signature', () => {
    const d = (path: string, body: unknown, headers: Record<string, string> = {}, sig: boolean | null = true) =>
      ({ method: 'POST', path, headers, body, signature_valid: sig }) as Delivery;
    const rec = {
      ...ok({}),
      deliveries: [d('/b', { e: 'updated' }), d('/a', { e: 'created' }, { 'content-type': 'application/json' })],
    };
    const ours = {
      ...ok({}),
      deliveries: [
        d('/a', { e: 'created' }, { 'content-type': 'text/plain', 'user-agent': 'x' }),
        d('/b', { e: 'deleted' }, {}, false),
        d('/c', {}),
      ],
    };
    expect(compare(rec, ours)).toEqual([
      { kind: 'deliveries', path: 'count', recorded: 2, ours: 3 },
      { kind: 'delivery', path: '[0].headers.content-type', recorded: 'application/json', ours: 'text/plain' },
      { kind: 'delivery', path: '[1].body.e', recorded: 'updated', ours: 'deleted' },
      { kind: 'delivery', path: '[1].signature_valid', recorded: true, ours: false },
    ]);
  });
});

describe('helpers', () => {
  it('diffJson finds nothing between equal values whatever their key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, 'body')).toEqual([]);
  });

  it('signatureValid checks the hex HMAC-SHA512 of the raw body with the corpus secret', () => {
    const raw = '{"event":"created"}';
    const good = createHmac('sha512', WEBHOOK_SECRET).update(raw).digest('hex');
    expect(signatureValid(raw, good)).toBe(true);
    expect(signatureValid(`${raw} `, good)).toBe(false);
    expect(signatureValid(raw, undefined)).toBeNull();
  });

  it('lowerHeaders writes names in lower case and joins repeated values', () => {
    expect(lowerHeaders({ 'Content-Type': 'a', 'X-Many': ['1', '2'], Gone: undefined })).toEqual({
      'content-type': 'a',
      'x-many': '1, 2',
    });
  });
});
