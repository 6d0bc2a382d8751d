/**
 * The read path: rows → API representations (serialize.ts, in JavaScript where the server must compute),
 * the same JSON written by PostgreSQL (json-sql.ts, page-sql.ts), the SELECT list and embedded reads, and
 * the text renderings (export templates).
 */
export { activeContexts, configContextCache, configContextRenderer } from './config-context.ts';
export { selectList } from './select.ts';
export { embedColumns, nestedNames } from './embed.ts';
export { type ReadContext, nesting, serialize } from './serialize.ts';
export { renderText, textPlan, textScope } from './text.ts';
export { nestedRefs } from './relations.ts';
export { type JsonScope, fieldSql } from './json-sql.ts';
export { customFieldsOf } from './custom-fields.ts';
