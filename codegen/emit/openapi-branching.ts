/**
 * Branching in the OpenAPI document: the branch actions (sync, merge, revert, retry, archive), the branchable
 * models, and the schemas of their bodies and answers.
 */
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

/** The schemas of the branch actions' bodies and answers, and of a branchable model. */
export function branchSchemas(): Record<string, Json> {
  const out: Record<string, Json> = {};
  out.BranchAction = {
    type: 'object',
    required: ['commit'],
    additionalProperties: false,
    properties: {
      commit: {
        type: 'boolean',
        description: 'false: a dry run, rolled back at the end, reporting what would change',
      },
      acknowledge_conflicts: {
        type: 'boolean',
        default: false,
        description: 'let the branch win every reported conflict',
      },
    },
  };
  out.BranchConflicts = {
    type: 'object',
    required: ['detail'],
    properties: {
      detail: { type: 'string' },
      status: { type: 'string' },
      conflicts: {
        type: 'array',
        items: { type: 'object', required: ['object_type', 'object_id', 'kind', 'conflicts', 'conflicting_data'] },
      },
      problems: {
        type: 'array',
        items: { type: 'object', required: ['object_type', 'object_id', 'kind', 'fields', 'message'] },
      },
      // change control (MERGE_REQUIRES_APPROVAL): why a merge may not happen yet
      change_request: {
        anyOf: [
          {
            type: 'object',
            required: ['id', 'name', 'status'],
            properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string' } },
          },
          { type: 'null' },
        ],
      },
      reasons: { type: 'array', items: { type: 'string' } },
      unmet_rules: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'policy', 'min_reviews', 'approvals', 'eligible', 'reason'],
        },
      },
      missing_checks: {
        type: 'array',
        items: { type: 'object', required: ['name', 'status', 'reason'] },
      },
    },
  };
  out.BranchableModel = {
    type: 'object',
    required: ['app_label', 'model', 'verbose_name', 'verbose_name_plural'],
    additionalProperties: false,
    properties: {
      app_label: { type: 'string' },
      model: { type: 'string' },
      verbose_name: { type: 'string' },
      verbose_name_plural: { type: 'string' },
    },
  };
  return out;
}
