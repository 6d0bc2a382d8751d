/**
 * A selection set as the executor sees it: fields by response key in document order, fragments and
 * inline fragments merged in (those whose type condition fits), `@skip` / `@include` applied, as the
 * GraphQL specification's CollectFields does. Arguments are coerced with the operation's variables.
 */
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type SelectionSetNode,
} from 'graphql';
import { GraphqlFault } from './faults.ts';

/** The field nodes merged under one response key (same field, same arguments after validation): never none. */
export type FieldNodes = readonly [FieldNode, ...FieldNode[]];

/** response key → the field nodes merged under it */
export type CollectedFields = Map<string, [FieldNode, ...FieldNode[]]>;

export interface CollectContext {
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Readonly<Record<string, unknown>>;
}

function included(ctx: CollectContext, node: Parameters<typeof getDirectiveValues>[1]): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, ctx.variables as Record<string, unknown>);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, ctx.variables as Record<string, unknown>);
  return include?.if !== false;
}

/** Whether a fragment's type condition applies to objects of `typeName` (unions list their members). */
export type Fits = (condition: string) => boolean;

export function collectFields(
  ctx: CollectContext,
  set: SelectionSetNode,
  fits: Fits,
  out: CollectedFields = new Map(),
): CollectedFields {
  const seen = new Set<string>();
  const walk = (s: SelectionSetNode) => {
    for (const sel of s.selections) {
      if (!included(ctx, sel)) continue;
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const list = out.get(key);
        if (list) list.push(sel);
        else out.set(key, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (!sel.typeCondition || fits(sel.typeCondition.name.value)) walk(sel.selectionSet);
      } else {
        const name = sel.name.value;
        if (seen.has(name)) continue;
        seen.add(name);
        const frag = ctx.fragments[name];
        if (frag && fits(frag.typeCondition.name.value)) walk(frag.selectionSet);
      }
    }
  };
  walk(set);
  return out;
}

/** The sub-selections of every node merged under one response key. */
export function subfields(ctx: CollectContext, nodes: readonly FieldNode[], fits: Fits): CollectedFields {
  const out: CollectedFields = new Map();
  for (const n of nodes) if (n.selectionSet) collectFields(ctx, n.selectionSet, fits, out);
  return out;
}

/** The definition of the field the nodes select on `type` (validation has checked that it has one). */
export function fieldDefOf(type: GraphQLObjectType, nodes: FieldNodes): GraphQLField<unknown, unknown> {
  const name = nodes[0].name.value;
  const def = type.getFields()[name];
  if (!def) throw new GraphqlFault(`Cannot query field '${name}' on type '${type.name}'.`);
  return def;
}

/** A field's arguments, coerced (variables substituted, defaults applied). */
export function argumentsOf(
  ctx: CollectContext,
  def: GraphQLField<unknown, unknown>,
  node: FieldNode,
): Record<string, unknown> {
  return getArgumentValues(def, node, ctx.variables as Record<string, unknown>);
}

/** Whether `condition` names `type` itself, or a union it belongs to. */
export function fitsObject(type: GraphQLObjectType, unionsOf: ReadonlyMap<string, ReadonlySet<string>>): Fits {
  return (condition) => condition === type.name || !!unionsOf.get(condition)?.has(type.name);
}
