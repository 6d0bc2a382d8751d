/**
 * The replay's normaliser (tests/replay/normalise.ts), the corpus README's rules applied to both sides:
 * our addresses, timestamps, UUIDs, secrets, job ids, branch schema ids and snapshot names written as
 * placeholders, ordering ties put in id order, /api/status/ reduced to its keys.
 */
import { describe, expect, it } from 'vitest';
import { Normaliser, orderingTies } from '../../replay/normalise.ts';

const live = { base: 'http://127.0.0.1:4321', listener: 'http://127.0.0.1:9999' };

describe('Normaliser.response', () => {
  it.each([
    {
      name: 'our addresses, timestamps and UUIDs',
      body: {
        url: 'http://127.0.0.1:4321/api/dcim/sites/1/',
        created: '2025-01-02T03:04:05.123456Z',
        last_updated: '2025-01-02 03:04:05+00:00',
        request_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
        payload_url: 'http://127.0.0.1:9999/hook',
      },
      want: {
        url: '{base}/api/dcim/sites/1/',
        created: '<ts>',
        last_updated: '<ts>',
        request_id: '<uuid>',
        payload_url: '{listener}/hook',
      },
    },
    {
      name: "a token's secret parts, and a display that is its key",
      body: { id: 3, write_enabled: true, key: 'abc', token: 'def', display: 'abc' },
      want: { id: 3, write_enabled: true, key: '<secret>', token: '<secret>', display: '<secret>' },
    },
    {
      name: 'a job: its id, its URL and its log in a fixed order',
      body: {
        id: 17,
        url: 'http://127.0.0.1:4321/api/core/jobs/17/',
        job_id: 'x',
        data: { log: [{ m: 'b' }, { m: 'a' }] },
      },
      want: {
        id: '<job-id>',
        url: '{base}/api/core/jobs/<job-id>/',
        job_id: 'x',
        data: { log: [{ m: 'a' }, { m: 'b' }] },
      },
    },
    {
      name: 'a PostgreSQL snapshot name',
      body: { snapshot: '00000003-0000001B-1' },
      want: { snapshot: '<pg-snapshot>' },
    },
  ])('writes $name as placeholders', ({ body, want }) => {
    expect(new Normaliser(live).response(body, '/api/x/', 200)).toEqual(want);
  });

  it('leaves the recorded side’s addresses alone (they are already written {base})', () => {
    expect(new Normaliser().response({ url: 'http://127.0.0.1:4321/x' }, '/x', 200)).toEqual({
      url: 'http://127.0.0.1:4321/x',
    });
  });

  it('replaces a branch schema id wherever it appears once a response has named it', () => {
    const n = new Normaliser();
    expect(n.response({ schema_id: 'td5smq0f', name: 'b' }, '/api/plugins/branching/branches/', 201)).toEqual({
      schema_id: '<schema_id>',
      name: 'b',
    });
    expect(n.response({ message: 'branch_td5smq0f is ready' }, '/api/core/jobs/', 200)).toEqual({
      message: 'branch_<schema_id> is ready',
    });
  });

  it('keeps only the keys of /api/status/, and only of a success', () => {
    const n = new Normaliser();
    expect(n.response({ 'netbox-version': '4.6.8', plugins: {} }, '/api/status/', 200)).toEqual({
      'netbox-version': true,
      plugins: true,
    });
    expect(n.response({ detail: 'x' }, '/api/status/', 403)).toEqual({ detail: 'x' });
  });
});

describe('orderingTies', () => {
  const page = (...rows: object[]) => ({ count: rows.length, results: rows });
  it.each([
    {
      name: 'equal values of the ordering field are put in id order, the runs kept',
      path: '/api/dcim/sites/?ordering=status',
      body: page({ id: 3, status: 'a' }, { id: 1, status: 'a' }, { id: 2, status: 'b' }, { id: 0, status: 'a' }),
      want: page({ id: 1, status: 'a' }, { id: 3, status: 'a' }, { id: 2, status: 'b' }, { id: 0, status: 'a' }),
    },
    {
      name: 'a descending field, the first of several',
      path: '/x/?ordering=-status,name',
      body: page({ id: 2, status: 'b' }, { id: 1, status: 'b' }),
      want: page({ id: 1, status: 'b' }, { id: 2, status: 'b' }),
    },
    {
      name: 'a field the results do not show: all of them in id order',
      path: '/x/?ordering=_depth',
      body: page({ id: 2 }, { id: 1 }),
      want: page({ id: 1 }, { id: 2 }),
    },
    {
      name: 'by id: left alone',
      path: '/x/?ordering=-id',
      body: page({ id: 2 }, { id: 1 }),
      want: page({ id: 2 }, { id: 1 }),
    },
    {
      name: 'no ordering: left alone',
      path: '/x/',
      body: page({ id: 2 }, { id: 1 }),
      want: page({ id: 2 }, { id: 1 }),
    },
  ])('$name', ({ path, body, want }) => {
    expect(orderingTies(body, path)).toEqual(want);
  });
});
