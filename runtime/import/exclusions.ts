/**
 * Catalogued models an import does not copy row by row, each with the reason the report gives: rows
 * the service writes itself (its object types, its webhook delivery log), contents NetBox's REST API
 * cannot hand over, and the change log unless it is asked for.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { tables } from '../db/index.ts';

const branchTables: readonly string[] = [tables.branch, tables.branchEvent, tables.changeDiff];
/** Change control's records of branches (policies and their rules are copied). */
const requestTables: readonly string[] = [
  tables.changeRequest,
  tables.review,
  tables.comment,
  tables.commentReply,
  tables.statusCheck,
];

/** Why a model's rows are not copied, or undefined when they are. */
export function exclusionReason(model: ModelDef, withChangelog: boolean): string | undefined {
  if (model.table === tables.objectType)
    return "the service's own object types (NetBox's ids), written at every start; not copied";
  if (model.table === tables.objectChange && !withChangelog)
    return 'change records are copied only with --with-changelog';
  if (branchTables.includes(model.table))
    return (
      "a branch's objects live in the source's branch schemas, which NetBox's REST API does not export; " +
      'merge or archive branches before the move, then create new ones here'
    );
  if (model.table === tables.webhookDelivery)
    return "this service's record of its own webhook attempts (NetBox keeps none); not copied";
  if (requestTables.includes(model.table))
    return 'change requests and their reviews, comments and checks belong to branches, which are not copied';
  return undefined;
}
