/**
 * What an operation asks for before anything runs: its depth (nested selections, fragments expanded),
 * its aliases (NetBox's GRAPHQL_MAX_ALIASES) and its cost, an estimate of the rows × fields it reads:
 * each field counts 1, and everything under a nested list (a field the schema types as a list) counts
 * once per row that list is expected to give (its `pagination.limit` when set, else 10). Introspection
 * (`__schema`, `__type`) is served from memory and not counted.
 */
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { GraphqlFault } from './faults.ts';

export interface Limits {
  /** 0: no limit */
  readonly maxDepth: number;
  readonly maxAliases: number;
  readonly maxCost: number;
}

/** Rows a list is expected to give when it asks for no limit. */
const LIST_ESTIMATE = 10;

function limitArg(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value] as { limit?: unknown } | undefined;
    return typeof v?.limit === 'number' ? v.limit : undefined;
  }
  if (value.kind !== Kind.OBJECT) return undefined;
  const limit = value.fields.find((f) => f.name.value === 'limit')?.value;
  if (limit?.kind === Kind.INT) return Number(limit.value);
  if (limit?.kind === Kind.VARIABLE) {
    const v = variables[limit.name.value];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Record<string, unknown>;
  readonly m: Measure;
}

/** The type a fragment's selections are read on (its condition, else the enclosing type). */
function conditionType(w: Walk, name: string | undefined, parent: GraphQLCompositeType | undefined) {
  const t = name ? w.schema.getType(name) : parent;
  return t && isCompositeType(t) ? t : undefined;
}

function walk(
  w: Walk,
  set: SelectionSetNode,
  parent: GraphQLCompositeType | undefined,
  depth: number,
  seen: readonly string[],
): number {
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value === '__schema' || sel.name.value === '__type') continue;
      if (sel.alias) w.m.aliases++;
      w.m.depth = Math.max(w.m.depth, depth + 1);
      cost += 1;
      if (!sel.selectionSet) continue;
      const def =
        parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
      const named = def ? getNamedType(def.type) : undefined;
      const pagination = sel.arguments?.find((a) => a.name.value === 'pagination')?.value;
      const isList = !!def && isListType(getNullableType(def.type));
      const rows = isList && depth > 0 ? (limitArg(pagination, w.variables) ?? LIST_ESTIMATE) : 1;
      const inner = named && isCompositeType(named) ? named : undefined;
      cost += rows * walk(w, sel.selectionSet, inner, depth + 1, seen);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      cost += walk(w, sel.selectionSet, conditionType(w, sel.typeCondition?.name.value, parent), depth, seen);
    } else {
      const name = sel.name.value;
      const frag = w.fragments[name];
      if (!frag || seen.includes(name)) continue;
      const on = conditionType(w, frag.typeCondition.name.value, parent);
      cost += walk(w, frag.selectionSet, on, depth, [...seen, name]);
    }
  }
  return cost;
}

/** Fails the request, before any SQL, when the operation goes beyond a limit. */
export function checkLimits(
  schema: GraphQLSchema,
  op: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
  limits: Limits,
): void {
  const m: Measure = { depth: 0, aliases: 0, cost: 0 };
  m.cost = walk({ schema, fragments, variables, m }, op.selectionSet, schema.getQueryType() ?? undefined, 0, []);
  const name = op.name?.value ?? 'anonymous';
  if (limits.maxAliases && m.aliases > limits.maxAliases)
    throw new GraphqlFault(`${m.aliases} aliases found. Allowed: ${limits.maxAliases} (GRAPHQL_MAX_ALIASES).`);
  if (limits.maxDepth && m.depth > limits.maxDepth)
    throw new GraphqlFault(
      `'${name}' exceeds maximum operation depth of ${limits.maxDepth} ` +
        `(it is ${m.depth} deep; GRAPHQL_MAX_QUERY_DEPTH).`,
    );
  if (limits.maxCost && m.cost > limits.maxCost)
    throw new GraphqlFault(
      `'${name}' is estimated to read ${m.cost} values, more than the ${limits.maxCost} allowed (GRAPHQL_MAX_COST): ` +
        'select fewer fields or give nested lists a smaller pagination limit.',
    );
}
