/**
 * SQL compiled from the catalogue that every path shares (the read path, filters, the write path's
 * snapshots and checks, GraphQL, permission constraints): a catalogue expression for a row under any
 * alias, ORDER BY as Django orders, a model's display, the rows a relation reaches and their counts.
 * It knows the catalogue and the database only, so each path builds on it without importing another.
 */
export { orderPlan, rowExpression, type OrderPlan } from './order.ts';
export {
  countReach,
  listReach,
  ownerColumn,
  pointingReach,
  relationReach,
  reverseListReach,
  reverseRelation,
  type ListAliases,
  type ListReach,
  type Reach,
  type ReverseList,
  type ShownList,
} from './reach.ts';
export { countSql, ipCountSql, subtreeCount } from './count-sql.ts';
export { displaySql, pathExpr } from './display.ts';
