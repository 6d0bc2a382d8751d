/**
 * NetBox's own demo data moved as an operator moves it and answered as NetBox answers it: NetBox 4.6.8's
 * recorded answers on it (recording.ts) served as a read-only NetBox (tests/import/netbox-fixture.ts),
 * copied by `npm run manage -- import-netbox` as its own process (which must exit 0: copied and verified
 * clean), then the service started on the copy asked every recorded request. Every object of every page is
 * compared field for field (URLs by path, date-times as instants), each brief page, default page and detail
 * after the corpus README's normalisation; a difference not declared in tests/replay/differences.ts fails,
 * and so does a declaration for the demo data that accounts for nothing. The report goes to
 * .replay/demo/report.txt. Run alone: `npx vitest run tests/demo`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { dropTargets, nameOf, runManage, targetDatabase } from '../import/run-import.ts';
import { startNetboxFixture, type NetboxFixture } from '../import/netbox-fixture.ts';
import { startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';
import { compare, type Side } from '../replay/compare.ts';
import { differences } from '../replay/differences.ts';
import { Normaliser } from '../replay/normalise.ts';
import { judge, summarise, unusedDeclarations, type Judged } from '../replay/outcome.ts';
import { findingLine, REPORT_DIR, writeReport } from '../replay/report.ts';
import { kindOf, readDemo, tallyObjects } from './recording.ts';

const records = readDemo();
/** the demo data has no webhooks: a listener address no answer holds */
const NO_LISTENER = 'http://listener.invalid';
const dataDir = mkdtempSync(join(tmpdir(), 'nb-demo-'));
const judged: Judged[] = [];
let netbox: NetboxFixture;
let imported: { code: number; out: string; err: string };
let s: TestServer;
let superusers: string[] = [];

beforeAll(async () => {
  // the recording does not say who is a superuser: this NetBox ignores the is_superuser filter, and the
  // operator names admin with --superuser
  netbox = await startNetboxFixture({ records, hidden: {} });
  const target = await targetDatabase();
  imported = await runManage(
    { DATABASE_URL: target, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    'import-netbox',
    ...['--url', netbox.url, '--token', TOKEN, '--superuser', 'admin'],
  );
  const sql = connect(target, { max: 1 });
  superusers = (await sql.unsafe('SELECT username FROM users_user WHERE is_superuser ORDER BY 1')).map(
    (u) => u.username,
  );
  await sql.end();
  // the operator makes the token NetBox would not hand over again (the report lists it): the superuser's, with
  // its 40 characters (SUPERUSER_API_TOKEN) and its description
  s = await startTestServer({ database: nameOf(target) });
  const [token] = (await s.request('GET', '/api/users/tokens/')).body.results;
  await s.request('PATCH', `/api/users/tokens/${token.id}/`, { description: 'anchor fixed v1 token' });
}, 240_000);

afterAll(async () => {
  if (judged.length)
    writeReport({
      judged,
      summary: summarise(judged),
      declared: differences,
      unused: unusedDeclarations(judged, differences, 'demo'),
      preconditions: [],
      ms: 0,
      dir: `${REPORT_DIR}/demo`,
      title: "NetBox 4.6.8's demo data, imported",
    });
  await s?.stop();
  await dropTargets();
  await netbox?.stop();
});

const recordedSide = (n: Normaliser, status: number, body: unknown, path: string): Side => ({
  status,
  body: n.response(body, path, status),
  json: true,
});

/** Asks the service every recorded request and judges the answers (pages field for field, the rest normalised). */
async function askAll(): Promise<void> {
  const strict = [
    new Normaliser(undefined, 'instants'),
    new Normaliser({ base: s.url, listener: NO_LISTENER }, 'instants'),
  ];
  const corpus = [new Normaliser(), new Normaliser({ base: s.url, listener: NO_LISTENER })];
  for (const r of records) {
    const [theirs, ours] = kindOf(r) === 'page' ? strict : corpus;
    const res = await s.request('GET', r.path);
    const live = {
      status: res.status,
      headers: res.headers,
      text: res.text,
      body: res.body,
      json: true,
      sent: 1,
      ms: 0,
    };
    const rec = recordedSide(theirs!, r.status, r.response_body, r.path);
    const mine = recordedSide(ours!, res.status, res.body, r.path);
    const findings = compare(rec, mine);
    judged.push(judge({ record: r, ours: live, recorded: rec, live: mine, findings, headerNotes: [] }, differences));
  }
}

describe("NetBox's demo data, imported", () => {
  it('is copied and verified clean by import-netbox (exit 0)', () => {
    const report = JSON.parse(readFileSync(join(dataDir, 'import-netbox-report.json'), 'utf8'));
    expect(imported.code, `${imported.out.slice(-6000)}\n${imported.err}`).toBe(0);
    expect(report.verification.compared).toBeGreaterThan(6000);
    // of the six users, the one --superuser names
    expect(superusers).toEqual(['admin']);
  });

  it('answers every recorded request as NetBox did, every object field for field', { timeout: 240_000 }, async () => {
    await askAll();
    const pages = judged.filter((j) => kindOf(j.record) === 'page');
    const tally = tallyObjects(pages);
    const causes = [...tally.causes].map(([k, n]) => `${n} ${k}`);
    const declared = [...tally.declaredCauses].map(([k, n]) => `${n} ${k}`);
    console.log(
      `demo data: ${tally.identical} of ${tally.objects} objects identical, ${tally.declared} as declared; ` +
        `${judged.filter((j) => j.verdict === 'differs').length} of ${judged.length} answers differ\n` +
        `differing objects by kind of difference:\n${causes.slice(0, 60).join('\n')}\n` +
        `declared:\n${declared.join('\n')}`,
    );
    const differing = judged.filter((j) => j.verdict === 'differs');
    const first = differing.slice(0, 8).map((j) => {
      const i = j.declaredBy.findIndex((d) => d === null);
      return `${j.record.path}: ${findingLine(j.findings[i]!, 120)}`;
    });
    expect(tally.differs, causes.slice(0, 30).join('\n')).toBe(0);
    expect(differing.length, first.join('\n')).toBe(0);
  });

  it('still differs in every way declared for the demo data', () => {
    expect(judged.length).toBe(records.length);
    expect(unusedDeclarations(judged, differences, 'demo')).toEqual([]);
  });
});
