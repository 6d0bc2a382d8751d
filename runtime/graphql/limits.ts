/**
 * What an operation asks for, measured before it is validated or run: its depth (nested selections,
 * through fragments), its aliases (NetBox's GRAPHQL_MAX_ALIASES, a fragment's once per spread) and its cost,
 * an estimate of the rows × fields it reads: each field counts 1, and everything under a nested list (a field
 * the schema types as a list) counts once per row that list is expected to give (its `pagination.limit` when
 * set, else 10). A fragment is measured once however often it is spread, so the walk is as long as the
 * document. Introspection (`__schema`, `__type`) is answered from memory and not counted (NetBox does not
 * count it either; check.ts bounds it by the values it reads).
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
  type FieldNode,
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

/** What a selection set asks for: its cost, how deep it nests below its level, and its aliases. */
interface Measure {
  readonly cost: number;
  readonly depth: number;
  readonly aliases: number;
}

const NOTHING: Measure = { cost: 0, depth: 0, aliases: 0 };

const both = (a: Measure, b: Measure): Measure => ({
  cost: a.cost + b.cost,
  depth: Math.max(a.depth, b.depth),
  aliases: a.aliases + b.aliases,
});

/**
 * The walk over an operation: each fragment is measured once per kind of level (the root's, where lists
 * are not multiplied, or below) and its measure reused wherever it is spread, so fragments spread many
 * times over are never expanded; a fragment spread within itself counts nothing there (validation refuses
 * the cycle).
 */
class Walk {
  private readonly memo = new Map<string, Measure>();
  private readonly open = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>,
    private readonly variables: Record<string, unknown>,
  ) {}

  /** The type a fragment's selections are read on (its condition, else the enclosing type). */
  private conditionType(name: string | undefined, parent: GraphQLCompositeType | undefined) {
    const t = name ? this.schema.getType(name) : parent;
    return t && isCompositeType(t) ? t : undefined;
  }

  selections(set: SelectionSetNode, parent: GraphQLCompositeType | undefined, root: boolean): Measure {
    let m = NOTHING;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) m = both(m, this.field(sel, parent, root));
      else if (sel.kind === Kind.INLINE_FRAGMENT)
        m = both(m, this.selections(sel.selectionSet, this.conditionType(sel.typeCondition?.name.value, parent), root));
      else m = both(m, this.fragment(sel.name.value, root));
    }
    return m;
  }

  private field(sel: FieldNode, parent: GraphQLCompositeType | undefined, root: boolean): Measure {
    if (sel.name.value === '__schema' || sel.name.value === '__type') return NOTHING;
    const own = sel.alias ? 1 : 0;
    if (!sel.selectionSet) return { cost: 1, depth: 1, aliases: own };
    const def =
      parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
    const named = def ? getNamedType(def.type) : undefined;
    const pagination = sel.arguments?.find((a) => a.name.value === 'pagination')?.value;
    const isList = !!def && isListType(getNullableType(def.type));
    const rows = isList && !root ? (limitArg(pagination, this.variables) ?? LIST_ESTIMATE) : 1;
    const inner = this.selections(sel.selectionSet, named && isCompositeType(named) ? named : undefined, false);
    return { cost: 1 + rows * inner.cost, depth: 1 + inner.depth, aliases: own + inner.aliases };
  }

  private fragment(name: string, root: boolean): Measure {
    const key = `${root ? 'root' : 'nested'}:${name}`;
    const known = this.memo.get(key);
    if (known) return known;
    const frag = this.fragments[name];
    if (!frag || this.open.has(key)) return NOTHING;
    this.open.add(key);
    const m = this.selections(frag.selectionSet, this.conditionType(frag.typeCondition.name.value, undefined), root);
    this.open.delete(key);
    this.memo.set(key, m);
    return m;
  }
}

/** A count as the message gives it (past 2^53 a float says nothing useful). */
const count = (n: number) => (Number.isSafeInteger(n) ? String(n) : `more than ${Number.MAX_SAFE_INTEGER}`);

/** Fails the request, before any SQL, when the operation goes beyond a limit. */
export function checkLimits(
  schema: GraphQLSchema,
  op: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
  limits: Limits,
): void {
  const walk = new Walk(schema, fragments, variables);
  const m = walk.selections(op.selectionSet, schema.getQueryType() ?? undefined, true);
  const name = op.name?.value ?? 'anonymous';
  if (limits.maxAliases && m.aliases > limits.maxAliases)
    throw new GraphqlFault(`${count(m.aliases)} aliases found. Allowed: ${limits.maxAliases} (GRAPHQL_MAX_ALIASES).`);
  if (limits.maxDepth && m.depth > limits.maxDepth)
    throw new GraphqlFault(
      `'${name}' exceeds maximum operation depth of ${limits.maxDepth} ` +
        `(it is ${m.depth} deep; GRAPHQL_MAX_QUERY_DEPTH).`,
    );
  if (limits.maxCost && m.cost > limits.maxCost)
    throw new GraphqlFault(
      `'${name}' is estimated to read ${count(m.cost)} values, ` +
        `more than the ${limits.maxCost} allowed (GRAPHQL_MAX_COST): ` +
        'select fewer fields or give nested lists a smaller pagination limit.',
    );
}
