/**
 * The declared differences from NetBox 4.6.8: each a rule covering a class of findings, with its
 * reason. A finding no rule covers fails the replay, and so does a rule that covers no finding, so
 * this list can only shrink. So far only what the service's own spec (../shared/spec/service-api.md)
 * prescribes against NetBox's behaviour.
 */
import type { Finding } from './compare.ts';
import { lastKey, parentAt } from './json-path.ts';
import type { DeclaredDifference, Exchange } from './outcome.ts';

const pathOnly = (x: Exchange) => x.record.path.split('?')[0]!;

const isChoice = (v: unknown): v is { value: unknown; label: unknown } =>
  typeof v === 'object' && v !== null && 'value' in v && 'label' in v;

/** A branch, whole or nested: it has a schema id, or a branch's detail URL. */
const isBranch = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  ('schema_id' in v ||
    (typeof (v as { url?: unknown }).url === 'string' &&
      /\/api\/plugins\/branching\/branches\/\d+\/$/.test((v as { url: string }).url)));

/** A delivery path with its `m=` query value (the corpus template's `{{ model }}`) left out. */
const withoutModel = (p: unknown) => (typeof p === 'string' ? p.replace(/([?&]m=)[^&]*/, '$1') : p);

function rendersModel(f: Finding): boolean {
  if (f.kind !== 'delivery') return false;
  if (/^\[\d+\]\.path$/.test(f.path)) return f.recorded !== f.ours && withoutModel(f.recorded) === withoutModel(f.ours);
  const modelValue = /^\[\d+\]\.(body\.model|headers\.x-corpus-model)$/.test(f.path);
  return modelValue && f.recorded === '' && typeof f.ours === 'string' && f.ours !== '';
}

export const differences: readonly DeclaredDifference[] = [
  {
    id: 'missing-slash-302',
    reason:
      'spec §4 and §7: a path without its trailing slash answers a 302 redirect (NetBox: 301); ' +
      'the Location is the same',
    applies: (f, x) => f.kind === 'status' && f.recorded === 301 && f.ours === 302 && !pathOnly(x).endsWith('/'),
  },
  {
    id: 'extras-object-changes',
    reason:
      'spec §2.14 and §4.5: change records are served at /api/extras/object-changes/ ' +
      '(NetBox 4.6: only /api/core/object-changes/, the other is a 404 page), and /api/extras/ lists them',
    applies: (f, x) =>
      (f.kind === 'status' && f.recorded === 404 && f.ours === 200 && pathOnly(x) === '/api/extras/object-changes/') ||
      // and the extras root lists it
      (f.kind === 'body' && f.path === 'object-changes' && f.missing === 'recorded' && pathOnly(x) === '/api/extras/'),
  },
  {
    id: 'branch-status-string',
    reason: "spec §2.12: a branch's status is a plain string (the NetBox plugin: {value, label})",
    applies: (f, x) =>
      f.kind === 'body' &&
      lastKey(f.path) === 'status' &&
      isChoice(f.recorded) &&
      f.ours === f.recorded.value &&
      isBranch(parentAt(x.recorded.body, f.path)),
  },
  {
    id: 'job-display-uuid',
    reason: "spec §2.13: a background job's display is its UUID (NetBox: the job's name, e.g. `Sync branch`)",
    applies: (f, x) => {
      if (f.kind !== 'body' || lastKey(f.path) !== 'display' || f.ours !== '<uuid>') return false;
      const job = parentAt(x.recorded.body, f.path);
      return (
        typeof job === 'object' && job !== null && 'job_id' in job && (job as { name?: unknown }).name === f.recorded
      );
    },
  },
  {
    id: 'webhook-body-model',
    reason: 'spec §6.4: the default webhook body has a `model` key (NetBox 4.6: none)',
    applies: (f) => f.kind === 'delivery' && /^\[\d+\]\.body\.model$/.test(f.path) && f.missing === 'recorded',
  },
  {
    id: 'webhook-template-model',
    reason:
      'spec §6.3: `{{ model }}` in webhook templates (URL, headers, body) is the model that changed ' +
      '(NetBox 4.6 renders it empty)',
    applies: (f) => rendersModel(f),
  },
];
