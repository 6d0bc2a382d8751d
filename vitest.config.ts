/**
 * The suite in three tiers (vitest projects; `npm test` runs all three, `npm run test:<tier>` one):
 * `unit` needs no database (pure functions, given/want tables, each file well under a second), `slow`
 * kills processes, fuzzes, soaks, drives real clients and a browser, replays NetBox's corpus, imports NetBox's
 * demo data and compares the copy with NetBox, and `api`
 * is every other test file, so a new folder lands there unless it is named below.
 */
import { defineConfig } from 'vitest/config';

/** Files that need no PostgreSQL and start no server: the global setup does not run for them. */
const unit = [
  'tests/unit/**/*.test.ts',
  'tests/codegen/{emitters,options,line-length,runtime-cycles,tables}.test.ts',
  'tests/graphql/schema.test.ts',
];

/** Files that take minutes or other programs (clients, a browser, PostgreSQL restarts). */
const slow = [
  'tests/faults/**/*.test.ts',
  'tests/fuzz/**/*.test.ts',
  'tests/clients/**/*.test.ts',
  'tests/browser/**/*.test.ts',
  'tests/replay/**/*.test.ts',
  'tests/demo/**/*.test.ts',
];

/** Starts PostgreSQL and the migrated template database once for the tiers that use it. */
const database = ['./tests/setup/global.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      // pure modules: one import of each per worker serves every file (no isolation to pay for)
      { extends: true, test: { name: 'unit', include: unit, isolate: false } },
      {
        extends: true,
        test: { name: 'api', include: ['tests/**/*.test.ts'], exclude: [...unit, ...slow], globalSetup: database },
      },
      { extends: true, test: { name: 'slow', include: slow, globalSetup: database } },
    ],
  },
});
