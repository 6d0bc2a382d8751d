/**
 * What a schema lacks of another: every type, field, argument, input field, enum value and union member
 * of `want` that `have` does not have, or has with another type. Extra parts of `have` are not differences.
 */
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

function typeKind(t: GraphQLNamedType): string {
  if (isObjectType(t)) return 'type';
  if (isInputObjectType(t)) return 'input';
  if (isEnumType(t)) return 'enum';
  if (isUnionType(t)) return 'union';
  if (isInterfaceType(t)) return 'interface';
  return 'scalar';
}

function compareType(want: GraphQLNamedType, have: GraphQLNamedType, out: string[]): void {
  const name = want.name;
  if (typeKind(want) !== typeKind(have)) {
    out.push(`${name}: a ${typeKind(have)}, not a ${typeKind(want)}`);
    return;
  }
  if (isObjectType(want) && isObjectType(have)) {
    const fields = have.getFields();
    for (const [fname, f] of Object.entries(want.getFields())) {
      const h = fields[fname];
      if (!h) {
        out.push(`${name}.${fname}: missing`);
        continue;
      }
      if (String(h.type) !== String(f.type)) out.push(`${name}.${fname}: ${String(h.type)}, not ${String(f.type)}`);
      for (const a of f.args) {
        const ha = h.args.find((x) => x.name === a.name);
        if (!ha) out.push(`${name}.${fname}(${a.name}): missing`);
        else if (String(ha.type) !== String(a.type))
          out.push(`${name}.${fname}(${a.name}): ${String(ha.type)}, not ${String(a.type)}`);
      }
    }
  } else if (isInputObjectType(want) && isInputObjectType(have)) {
    const fields = have.getFields();
    for (const [fname, f] of Object.entries(want.getFields())) {
      const h = fields[fname];
      if (!h) out.push(`${name}.${fname}: missing`);
      else if (String(h.type) !== String(f.type))
        out.push(`${name}.${fname}: ${String(h.type)}, not ${String(f.type)}`);
    }
  } else if (isEnumType(want) && isEnumType(have)) {
    const values = new Set(have.getValues().map((v) => v.name));
    for (const v of want.getValues()) if (!values.has(v.name)) out.push(`${name}.${v.name}: missing`);
  } else if (isUnionType(want) && isUnionType(have)) {
    const members = new Set(have.getTypes().map((t) => t.name));
    for (const t of want.getTypes()) if (!members.has(t.name)) out.push(`${name} | ${t.name}: missing`);
  }
}

/** Each difference as one line: `Type.field: missing`, `Type.field: Int, not Int!`, … */
export function schemaDifferences(want: GraphQLSchema, have: GraphQLSchema): string[] {
  const out: string[] = [];
  const haveTypes = have.getTypeMap();
  for (const [name, t] of Object.entries(want.getTypeMap())) {
    if (name.startsWith('__')) continue;
    const h = haveTypes[name];
    if (!h) out.push(`${name}: missing`);
    else compareType(t, h, out);
  }
  return out.sort();
}

export function differencesOfSdl(want: string, have: string): string[] {
  return schemaDifferences(buildSchema(want), buildSchema(have));
}
