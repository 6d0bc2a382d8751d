/**
 * The parts of a model's IR that normalize.ts puts together: its features, its fields in wire order (the
 * envelope, the declared and computed fields, the features' fields) and the field lists derived from them.
 */
import type { FieldDef, ModelDef } from '../../runtime/catalogue/ir.ts';
import type { RawCatalogue, RawModel } from './schema.ts';
import { placeFields, placementsOf } from './order.ts';
import { envelope, normalizeField } from './normalize-fields.ts';
import { normalizeComputed } from './normalize-computed.ts';

const defaultFeatures = {
  tags: false,
  customFields: false,
  changelog: false,
  branching: false,
  events: false,
  imageAttachments: false,
};

const featureKeys: Readonly<Record<string, keyof typeof defaultFeatures>> = {
  custom_fields: 'customFields',
  image_attachments: 'imageAttachments',
};

export function featuresOf(m: RawModel): ModelDef['features'] {
  const features = { ...defaultFeatures };
  for (const f of m.features ?? []) features[featureKeys[f] ?? (f as keyof typeof features)] = true;
  return features;
}

/** The model's own fields and the ones every model, or a feature, gives it, in the default order. */
function allFields(
  m: RawModel,
  features: ModelDef['features'],
  declared: FieldDef[],
  computed: FieldDef[],
): FieldDef[] {
  const timestamps = m.timestamps ?? true;
  // kept, filtered on and shown in GraphQL as NetBox's model has them; not in its serializer's answers
  const unlisted = timestamps === 'unlisted' ? { unlisted: true } : {};
  const timestamp = (n: 'created' | 'last_updated'): FieldDef => ({
    name: n,
    kind: 'timestamp',
    ...envelope(n),
    column: n,
    nullable: true,
    ...unlisted,
  });
  return [
    { name: 'id', kind: 'id', ...envelope('id', 'ID'), column: 'id' },
    { name: 'url', kind: 'url', ...envelope('url', 'URL') },
    ...(m.display_url === false
      ? []
      : [{ name: 'display_url', kind: 'display_url', ...envelope('display_url', 'Display URL') } as const]),
    { name: 'display', kind: 'display', ...envelope('display') },
    ...declared,
    ...(features.tags
      ? [
          {
            name: 'tags',
            kind: 'tags',
            ...envelope('tags'),
            readOnly: false,
            default: [],
            ...(m.tags_as_slugs ? { plain: true } : {}),
          } as const,
        ]
      : []),
    ...(features.customFields
      ? [
          {
            name: 'custom_fields',
            kind: 'custom_fields',
            ...envelope('custom_fields'),
            readOnly: false,
            column: 'custom_field_data',
            default: {},
          } as const,
        ]
      : []),
    ...(timestamps === true || timestamps === 'created' || timestamps === 'unlisted' ? [timestamp('created')] : []),
    ...(timestamps === true || timestamps === 'last_updated' || timestamps === 'unlisted'
      ? [timestamp('last_updated')]
      : []),
    ...computed,
    ...(m.tree
      ? [
          {
            name: '_depth',
            kind: 'computed',
            ...envelope('_depth', 'Depth'),
            computed: { type: 'tree_depth' },
          } as const,
        ]
      : []),
  ];
}

/** A model's fields in wire order (the `after:` and `move:` placements), and the lists derived from them. */
export function modelFields(key: string, name: string, m: RawModel, ctx: { raw: RawCatalogue; table: string }) {
  const { raw, table } = ctx;
  const features = featuresOf(m);
  const declared = Object.entries(m.fields).flatMap(([n, f]) => normalizeField(n, f, { model: name, table, raw }));
  const computed = Object.entries(m.computed ?? {}).map(([n, c]) => normalizeComputed(n, c, raw, key));
  const all = allFields(m, features, declared, computed);
  // the wire order: the default one with the `after:` and `move:` placements (order.ts)
  let fields = placeFields(all, placementsOf(raw, key));
  const fieldOptions = m.options?.fields ?? {};
  fields = fields.map((f) => (fieldOptions[f.name] ? { ...f, options: fieldOptions[f.name] } : f));
  // described whole, for a name the model lacks: a field only NetBox's serializer has
  const serializerOnly = Object.entries(fieldOptions).filter(([n]) => !fields.some((f) => f.name === n));
  const byName = new Map(fields.map((f) => [f.name, f]));
  const computedOf = (n: string) => {
    const f = byName.get(n);
    return f?.kind === 'computed' ? f.computed : undefined;
  };
  const isCount = (n: string) => computedOf(n)?.type === 'count';
  // a subtree count (NetBox's annotation of a tree) stays in the nested form, where it reads 0; any
  // other count is left out of it unless `nested:` names it
  const isSubtreeCount = (n: string) => {
    const c = computedOf(n);
    return c?.type === 'count' && c.cumulative;
  };
  const brief = m.brief ?? [
    'id',
    'url',
    'display',
    ...(byName.has('name') ? ['name'] : []),
    ...(byName.has('slug') ? ['slug'] : []),
    ...(byName.has('description') ? ['description'] : []),
  ];
  const nested = m.nested ?? brief.filter((n) => !isCount(n) || isSubtreeCount(n));
  return { features, declared, fields, byName, serializerOnly, brief, nested };
}
