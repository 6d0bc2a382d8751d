/**
 * Branches: a new branch gets a random schema id and its owner, and its provisioning is enqueued
 * in the same transaction; a branch in the middle of an operation cannot be deleted; deleting a
 * branch drops its schema (DDL is transactional: nothing is dropped if the delete rolls back).
 */
import type { ModelHooks } from '../write/index.ts';
import { ServiceError } from '../errors/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import {
  newSchemaId,
  schemaName,
  dropBranchSchema,
  JOB_ATTEMPTS,
  TRANSITIONAL,
  lockBranchesForDelete,
  setBranchJob,
  branchJobs,
} from '../branching/index.ts';

export const branchHooks: ModelHooks = {
  prepare(ctx, _model, items, action) {
    if (action !== 'create') return;
    for (const p of items) {
      p.values.schema_id = newSchemaId();
      p.values.owner = ctx.actor?.id ?? null;
      p.values.status = 'new';
    }
  },
  async afterCreate(ctx, model, items) {
    for (const p of items) {
      const jobId = await enqueueJob(ctx.db, {
        kind: branchJobs.provision,
        name: 'Provision branch',
        maxAttempts: JOB_ATTEMPTS,
        objectType: model.key,
        objectId: p.id,
        userId: ctx.actor?.id ?? null,
        payload: { branch_id: p.id, commit: true, user_id: ctx.actor?.id ?? null, username: ctx.actor?.username ?? '' },
      });
      await setBranchJob(ctx.db, p.id, jobId);
    }
  },
  async beforeDelete(ctx, _model, ids) {
    const rows = await lockBranchesForDelete(ctx.db, ids);
    for (const r of rows) {
      if (TRANSITIONAL.includes(r.status)) {
        throw new ServiceError('conflict', {
          detail: `Branch "${r.name}" is ${r.status}; it can be deleted once that operation ends.`,
          status: r.status,
        });
      }
    }
    for (const r of rows) if (r.schema_id) await dropBranchSchema(ctx.db, schemaName(r.schema_id));
  },
};
