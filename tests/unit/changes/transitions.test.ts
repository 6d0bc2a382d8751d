/**
 * Change control's pure parts: where a change request's standing moves its status (runtime/changes/settle.ts),
 * which object types PROTECT_MAIN covers (admission.ts), and how the settings are read.
 */
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../runtime/config/index.ts';
import { protects } from '../../../runtime/changes/admission.ts';
import type { Evaluation } from '../../../runtime/changes/evaluate.ts';
import { settledStatus } from '../../../runtime/changes/settle.ts';

const standing = (policyMet: boolean) => ({ policyMet }) as Evaluation;

describe('settledStatus', () => {
  it.each([
    // [status, policy met, a review was saved, an eligible reviewer asked for changes] → status
    ['needs-review', true, false, false, 'approved'],
    ['needs-review', false, true, false, 'needs-review'],
    ['approved', false, false, false, 'needs-review'],
    ['approved', true, true, false, 'approved'],
    ['changes-requested', true, true, false, 'approved'],
    // a request for changes set by hand stays until a review is saved
    ['changes-requested', true, false, false, 'changes-requested'],
    ['approved', true, true, true, 'changes-requested'],
    ['draft', true, true, true, 'changes-requested'],
    // a draft is not approved by its reviews until it is submitted
    ['draft', true, true, false, 'draft'],
    ['rejected', true, true, true, 'rejected'],
    ['completed', false, true, true, 'completed'],
  ] as const)('%s (met %s, reviewed %s, asked %s) → %s', (status, met, reviewed, asked, want) => {
    expect(settledStatus(status, standing(met), reviewed, asked)).toBe(want);
  });
});

describe('PROTECT_MAIN', () => {
  it.each([
    [false, 'dcim.site', false],
    [true, 'dcim.site', true],
    [['dcim.site'], 'dcim.site', true],
    [['dcim.site'], 'dcim.rack', false],
    [['dcim.*'], 'dcim.rack', true],
    [['ipam.*', 'dcim.site'], 'ipam.prefix', true],
    [['ipam.*'], 'ipam_x.prefix', false],
  ] as const)('%j covers %s: %s', (setting, key, want) => {
    expect(protects(setting, key)).toBe(want);
  });

  it('is read as true, false or a list of object types, and refuses anything else', () => {
    expect(loadSettings({ PROTECT_MAIN: 'true' }).changes.protectMain).toBe(true);
    expect(loadSettings({}).changes.protectMain).toBe(false);
    expect(loadSettings({ PROTECT_MAIN: 'dcim.*, ipam.prefix' }).changes.protectMain).toEqual([
      'dcim.*',
      'ipam.prefix',
    ]);
    expect(() => loadSettings({ PROTECT_MAIN: 'sites' })).toThrow(
      'PROTECT_MAIN: "sites" is neither true, false nor an object type (app.model or app.*)',
    );
    expect(() => loadSettings({ BRANCH_WRITE_SCOPE: 'mine' })).toThrow(
      'BRANCH_WRITE_SCOPE: "mine" is not all or assigned',
    );
    expect(loadSettings({}).changes).toEqual({
      mergeRequiresApproval: false,
      protectMain: false,
      branchWriteScope: 'all',
    });
  });
});
