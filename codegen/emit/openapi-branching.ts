/** The branch actions in the OpenAPI document (sync, merge, revert, retry, archive) and the branchable models. */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import { detail, idParam, json, notFound, ref, type Json } from './openapi-common.ts';

export function branchPaths(cat: Catalogue): Record<string, Json> {
  const paths: Record<string, Json> = {};
  const branch = cat.models['netbox_branching.branch'];
  if (branch && cat.models['core.job']) {
    const base = `/api/${branch.apiPath}/{id}`;
    const actions: Record<string, string> = {
      sync: "Bring main's changes into the branch",
      merge: 'Apply the branch to main',
      revert: 'Undo a merge of the branch',
    };
    for (const [op, summary] of Object.entries(actions)) {
      paths[`${base}/${op}/`] = {
        parameters: [idParam('branch')],
        post: {
          operationId: `plugins_branching_branches_${op}`,
          tags: ['netbox_branching'],
          summary: `${summary} (a background job; commit false for a dry run)`,
          requestBody: { required: true, content: json(ref('BranchAction')) },
          responses: {
            '200': { description: 'The enqueued job (status pending); follow its url', content: json(ref('Job')) },
            '400': { description: 'Invalid body', content: json(ref('ValidationError')) },
            '403': detail('Not permitted'),
            ...notFound,
            '409': {
              description:
                'The branch is not in a state for this, conflicts (unacknowledged) or problems were found, or ' +
                '(a merge) its change request does not yet allow it',
              content: json(ref('BranchConflicts')),
            },
          },
        },
      };
    }
    paths[`${base}/retry/`] = {
      parameters: [idParam('branch')],
      post: {
        operationId: 'plugins_branching_branches_retry',
        tags: ['netbox_branching'],
        summary: 'Provision a failed branch again',
        responses: {
          '200': { description: 'The enqueued provisioning job', content: json(ref('Job')) },
          '403': detail('Not permitted'),
          ...notFound,
          '409': { description: 'The branch has not failed', content: json(ref('BranchConflicts')) },
        },
      },
    };
    paths[`${base}/archive/`] = {
      parameters: [idParam('branch')],
      post: {
        operationId: 'plugins_branching_branches_archive',
        tags: ['netbox_branching'],
        summary: 'Archive a merged branch (drops its schema; it can no longer be reverted)',
        responses: {
          '200': { description: 'The archived branch', content: json(ref('Branch')) },
          '403': detail('Not permitted'),
          ...notFound,
          '409': { description: 'The branch is not merged', content: json(ref('BranchConflicts')) },
        },
      },
    };
    paths['/api/plugins/branching/branchable-models/'] = {
      get: {
        operationId: 'plugins_branching_branchable_models',
        tags: ['netbox_branching'],
        summary: 'Models copied into branches',
        responses: {
          '200': {
            description: 'Every model copied into branches (a plain list, not paginated)',
            content: json({ type: 'array', items: ref('BranchableModel') }),
          },
          '403': detail('Not permitted'),
        },
      },
    };
  }
  return paths;
}
