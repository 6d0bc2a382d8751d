/**
 * Replays NetBox 4.6.8's recorded exchanges (tests/fixtures/netbox-4.6.8.jsonl.gz) against a fresh
 * server, in order, one at a time, with the corpus README's substitutions, normalisation and pass
 * rules, and fails on any difference not declared in differences.ts (and on a declared one that no
 * longer occurs). The report is written to .replay/report.txt and .replay/report.json.
 * Run alone: `npx vitest run tests/replay`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';
import { startTestServer, TOKEN, type TestServer } from '../helpers/server.ts';
import { compare, lowerHeaders, signatureValid, type Delivery, type Side } from './compare.ts';
import { PARTS, readCorpus, type CorpusRecord } from './corpus.ts';
import { differences } from './differences.ts';
import { headerNotes } from './headers.ts';
import { Normaliser } from './normalise.ts';
import { judge, summarise, unusedDeclarations, type Judged } from './outcome.ts';
import { replayRecord, type LiveAnswer } from './replay.ts';
import { summaryTable, writeReport, findingLine } from './report.ts';
import { alignFixture, checkStartState, FIXTURE_EMAIL } from './start-state.ts';
import { Substitutions } from './substitute.ts';

const records = readCorpus();
const judged: Judged[] = [];
let s: TestServer;
let listener: Receiver;
let subs: Substitutions;
let recordedSide: Normaliser;
let ourSide: Normaliser;
let startProblems: string[] = [];
let started = 0;

beforeAll(async () => {
  listener = await startReceiver();
  s = await startTestServer({
    env: {
      WORKER_IN_PROCESS: 'true',
      WEBHOOK_BACKOFF_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '3',
      SUPERUSER_EMAIL: FIXTURE_EMAIL,
    },
  });
  subs = new Substitutions(listener.url);
  recordedSide = new Normaliser();
  ourSide = new Normaliser({ base: s.url, listener: listener.url });
  started = Date.now();
});

afterAll(async () => {
  if (judged.length) {
    const summary = summarise(judged);
    writeReport({
      judged,
      summary,
      declared: differences,
      unused: judged.length === records.length ? unusedDeclarations(judged, differences) : [],
      preconditions: startProblems,
      ms: Date.now() - started,
    });
    console.log(`NetBox 4.6.8 corpus replay (.replay/report.txt):\n${summaryTable(summary)}`);
  }
  await s?.stop();
  await listener?.close();
});

function recordedSideOf(r: CorpusRecord): Side {
  return {
    status: r.status,
    location: recordedSide.location(r.response_headers.Location),
    body: recordedSide.response(r.response_body, r.path, r.status),
    json: typeof r.response_body !== 'string',
    ...(r.received
      ? {
          deliveries: r.received.map((d): Delivery => ({
            method: d.method,
            path: recordedSide.location(d.path)!,
            headers: lowerHeaders(d.headers),
            body: recordedSide.delivery(d.body),
            signature_valid: d.signature_valid,
          })),
        }
      : {}),
  };
}

function ourSideOf(r: CorpusRecord, a: LiveAnswer): Side {
  return {
    status: a.status,
    location: ourSide.location(a.headers.get('location') ?? undefined),
    body: a.json ? ourSide.response(a.body, r.path, a.status) : a.body,
    json: a.json,
    ...(a.deliveries
      ? {
          deliveries: a.deliveries.map((d): Delivery => {
            let body: unknown = d.body;
            try {
              body = JSON.parse(d.body);
            } catch {
              // a text body stays text
            }
            const headers = lowerHeaders(d.headers);
            return {
              method: d.method,
              path: ourSide.location(d.path)!,
              headers,
              body: ourSide.delivery(body),
              signature_valid: signatureValid(d.body, headers['x-hook-signature']),
            };
          }),
        }
      : {}),
  };
}

function firstUndeclared(j: Judged): string {
  const i = j.declaredBy.findIndex((d) => d === null);
  return findingLine(j.findings[i]!, 80);
}

describe('NetBox 4.6.8 corpus replay', () => {
  it('starts as NetBox started: superuser admin id 1, v1 token id 1, only preloaded rows', async () => {
    startProblems = await checkStartState(s);
    await alignFixture(s);
    expect(startProblems).toEqual([]);
  });

  for (const part of PARTS) {
    it(`answers the ${part} part as NetBox did`, { timeout: 15 * 60_000 }, async () => {
      const mine = records.filter((r) => r.part === part);
      for (const r of mine) {
        const ours = await replayRecord({ url: s.url, token: TOKEN, listener, subs }, r);
        const rec = recordedSideOf(r);
        const live = ourSideOf(r, ours);
        judged.push(
          judge(
            {
              record: r,
              ours,
              recorded: rec,
              live,
              findings: compare(rec, live),
              headerNotes: headerNotes(r, ours.headers),
            },
            differences,
          ),
        );
      }
      const differing = judged.filter((j) => j.record.part === part && j.verdict === 'differs');
      const first = differing
        .slice(0, 5)
        .map((j) => `#${j.record.seq} ${j.record.method} ${j.record.path}: ${firstUndeclared(j)}`);
      expect(
        differing.length,
        `${differing.length} of ${mine.length} exchanges differ from NetBox (see .replay/report.txt), first:\n` +
          first.join('\n'),
      ).toBe(0);
    });
  }

  it('still differs in every declared way (the list of declared differences only shrinks)', () => {
    expect(judged.length).toBe(records.length);
    expect(unusedDeclarations(judged, differences)).toEqual([]);
  });
});
