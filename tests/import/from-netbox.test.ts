/**
 * `import-netbox` from NetBox 4.6.8's own recorded answers (the corpus's reads part, served back by
 * netbox-fixture.ts): every list NetBox showed is copied with its ids and verifies clean, with and
 * without the change log, and what NetBox does not hand over (the v1 token's plaintext, passwords) is
 * reported, not invented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../runtime/db/index.ts';
import { formatReport, type ImportOutcome } from '../../runtime/import/index.ts';
import { TOKEN } from '../helpers/server.ts';
import { recordedReads, startNetboxFixture, type NetboxFixture } from './netbox-fixture.ts';
import { dropTargets, explain, runImport, targetDatabase } from './run-import.ts';

let netbox: NetboxFixture;
let outcome: ImportOutcome;
let target: string;

/** NetBox's count of a list in the recording. */
function recordedCount(path: string): number {
  return (recordedReads().get(`${path}?limit=1000`)!.response_body as { count: number }).count;
}

beforeAll(async () => {
  netbox = await startNetboxFixture();
  target = await targetDatabase();
  outcome = await runImport(netbox.url, TOKEN, target);
});

afterAll(async () => {
  await dropTargets();
  await netbox?.stop();
});

describe("import from NetBox 4.6.8's recorded answers", () => {
  it('copies every list NetBox showed, with its ids, and verifies clean', () => {
    const r = outcome.report;
    expect(r.verification?.clean, explain(outcome)).toBe(true);
    expect(r.verification!.compared).toBeGreaterThan(100);
    expect(r.models['dcim.device']!.written).toBe(recordedCount('/api/dcim/devices/'));
    expect(r.models['virtualization.vminterface']!.written).toBe(recordedCount('/api/virtualization/interfaces/'));
    // the migrations' seven module type profiles are NetBox's too: compared, kept
    expect(r.models['dcim.moduletypeprofile']).toMatchObject({ written: 0, same: 7, conflicts: 0 });
  });

  it('keeps the superuser flag NetBox hides but filters on, and leaves the password unusable', async () => {
    const sql = connect(target, { max: 1 });
    try {
      const [admin] = await sql.unsafe(`SELECT id, is_superuser, password FROM users_user WHERE username = 'admin'`);
      expect(admin).toMatchObject({ id: 1, is_superuser: true });
      expect(String(admin!.password)).toMatch(/^!netbox-import:/);
    } finally {
      await sql.end();
    }
    expect(outcome.report.passwordless).toEqual(['admin']);
    expect(outcome.report.notes).toEqual([]);
  });

  it('lists the v1 token whose plaintext NetBox masks, and what is never copied', () => {
    const r = outcome.report;
    expect(r.tokens).toEqual([expect.objectContaining({ id: 1, user: 'admin', version: 1 })]);
    expect(Object.keys(r.notCopied).sort()).toEqual([
      'core.objectchange',
      'core.objecttype',
      // the delivery log is this service's own record of its webhook attempts: NetBox has no such list
      'extras.webhookdelivery',
      'netbox_branching.branch',
      'netbox_branching.branchevent',
      'netbox_branching.changediff',
      // change requests belong to branches; the recording's NetBox has no Changes plugin to read policies from
      'netbox_changes.changerequest',
      'netbox_changes.comment',
      'netbox_changes.commentreply',
      'netbox_changes.policy',
      'netbox_changes.policyrule',
      'netbox_changes.review',
      'netbox_changes.statuscheck',
    ]);
    expect(r.notCopied['netbox_changes.policy']).not.toMatch(/branches/);
    expect(r.notCopied['netbox_changes.review']).toMatch(/belong to branches/);
    const text = formatReport(r);
    expect(text).toContain('token 1 of admin');
    expect(text).toContain('manage -- changepassword');
    expect(text).toMatch(/Verification: \d+ objects compared field by field .*; no differences\./);
  });

  it('reports a list the token may not read as not copied, and empties the references to it', async () => {
    const limited = await startNetboxFixture({
      fault: (_, path) => (path.startsWith('/api/tenancy/tenants/') ? 403 : undefined),
    });
    try {
      const r = await runImport(limited.url, TOKEN, await targetDatabase());
      expect(r.report.notCopied['tenancy.tenant']).toMatch(/^not readable with this token: tenancy\/tenants: 403/);
      expect(r.report.droppedReferences['dcim.site.tenant → tenancy.tenant']).toBe(1);
      expect(r.report.verification?.clean, explain(r)).toBe(true);
      expect(r.report.models['dcim.site']!.written).toBe(2);
    } finally {
      await limited.stop();
    }
  });

  it("keeps a v1 token a NetBox 3.x shows whole, whose last use moves as the import's own token", async () => {
    let reads = 0;
    const older = await startNetboxFixture({
      transform: (path, o) => {
        if (path !== '/api/users/tokens/') return o;
        // NetBox 3.x: no version, the key in full; the import authenticates with it, so its last use moves
        const { version: _v, token: _t, pepper_id: _p, ...rest } = o;
        return {
          ...rest,
          key: TOKEN,
          display: TOKEN,
          last_used: new Date(Date.UTC(2026, 0, 1, 0, ++reads)).toISOString(),
        };
      },
    });
    try {
      const target = await targetDatabase();
      const r = await runImport(older.url, TOKEN, target);
      expect(r.report.verification?.clean, explain(r)).toBe(true);
      expect(r.report.tokens).toEqual([]);
      expect(r.report.models['users.token']!.written).toBe(1);
      const sql = connect(target, { max: 1 });
      try {
        const [token] = await sql.unsafe('SELECT version, plaintext FROM users_token WHERE id = 1');
        expect(token).toEqual({ version: 1, plaintext: TOKEN });
      } finally {
        await sql.end();
      }
    } finally {
      await older.stop();
    }
  });

  it('with --with-changelog copies the change records as NetBox shows them', async () => {
    const changes = await runImport(netbox.url, TOKEN, await targetDatabase(), { withChangelog: true });
    expect(changes.report.verification?.clean, explain(changes)).toBe(true);
    expect(changes.report.models['core.objectchange']!.written).toBe(recordedCount('/api/core/object-changes/'));
    expect(changes.report.notCopied['core.objectchange']).toBeUndefined();
  });
});
