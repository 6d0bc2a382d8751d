/** The generic API suite (tests/api/crud-suite.ts) on main. */
import { afterAll, beforeAll } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { Factory } from '../helpers/factory.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { crudSuite } from './crud-suite.ts';

let server: TestServer;
let factory: Factory;

beforeAll(async () => {
  server = await startTestServer();
  factory = new Factory(server, catalogue);
});
afterAll(async () => server?.stop());

crudSuite(() => ({ server, factory }));
