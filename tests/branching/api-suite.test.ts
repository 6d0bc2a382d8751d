/**
 * The generic API suite that runs on main (tests/api/crud-suite.ts), run again with every request
 * inside a branch: a branch is a full copy of the API, not a subset of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { Factory } from '../helpers/factory.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { crudSuite } from '../api/crud-suite.ts';
import { inBranch, readyBranch } from '../helpers/branch.ts';

let main: TestServer;
let branch: TestServer;
let factory: Factory;

beforeAll(async () => {
  main = await startTestServer();
  const b = await readyBranch(main, 'api-suite', true);
  branch = inBranch(main, b.schema_id);
  factory = new Factory(branch, catalogue);
});
afterAll(async () => main?.stop());

crudSuite(() => ({ server: branch, factory }));

describe('after the suite', () => {
  it('left main without any of the branch objects', async () => {
    const inMain = await main.request('GET', '/api/dcim/sites/?limit=1');
    const inBranch = await branch.request('GET', '/api/dcim/sites/?limit=1');
    expect(inBranch.body.count).toBeGreaterThan(0);
    expect(inMain.body.count).toBe(0);
  });
});
