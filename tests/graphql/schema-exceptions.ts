/**
 * Where the generated GraphQL schema deliberately lacks or types otherwise a part of NetBox 4.6.8's, each
 * with its reason. A pattern matches lines of schema-diff.ts (`Type.field: missing`, `Type.field: A, not B`).
 * A pattern that matches nothing fails the test, so the list only shrinks. Entries marked "not yet" are
 * gaps (the REST API serves the same data or filter), the others are choices.
 */
export interface SchemaException {
  readonly pattern: RegExp;
  readonly reason: string;
}

/** One pattern of several alternatives, each short enough for a line of its own. */
const anyOf = (...parts: readonly RegExp[]) => new RegExp(parts.map((p) => `(?:${p.source})`).join('|'));

/** Models whose catalogue entries lack some of NetBox's model mixins. */
const unmixed = 'CircuitGroupAssignment|ConfigContextProfile|VLANTranslationPolicy|VLANTranslationRule|DataSource';

export const schemaExceptions: readonly SchemaException[] = [
  {
    pattern: anyOf(
      /^\w+\.(lft|rght|tree_id): missing$/,
      /^(ModuleBay|InventoryItemTemplate)\w*\.(level|parent|children): missing$/,
    ),
    reason: "MPTT's bookkeeping columns: trees here are kept as id paths (`_depth` and `level` are served)",
  },
  {
    pattern: /\.(_site|_location|_rack|_name|_abs_\w+|_interface_[ab]_device|cabletermination_set): missing$/,
    reason: "NetBox's denormalized caches (natural-sort keys, absolute weights, cached scope): not kept here",
  },
  {
    pattern: anyOf(
      /\.(cable_connector|cable_positions|positions|mappings|a_terminations|b_terminations)(\(\w+\))?: /,
      /\.(link_peers|connected_endpoints|_occupied)(\(\w+\))?: /,
    ),
    reason:
      "cable profiles' positions and port mappings, and traced paths, are REST's (`/trace/`, `link_peers`); " +
      'GraphQL gives an object its `cable` and `cable_end`',
  },
  {
    pattern: anyOf(
      /^(LinkPeerType|ConnectedEndpointType|PortMapping\w*|CableTermination\w*)(\.\w+)?: /,
      /CableTerminationFilter/,
      /^PortTemplateMappingFilter: missing$/,
    ),
    reason: 'as above: cable terminations, port mappings and path endpoints have no GraphQL type here',
  },
  {
    pattern: anyOf(/^ColorEnum/, /\.color: StrFilterLookup, not ColorEnumBaseFilterLookup$/),
    reason: 'colors are free hex strings here and filter as strings (NetBox enumerates its palette)',
  },
  {
    pattern: /: (\S+)!, not \1$/,
    reason:
      'the value is never null here (the catalogue requires it), so the type says so; a client reading it never ' +
      'meets a null it did not expect',
  },
  {
    pattern: anyOf(
      /^(FHRPGroupAssignmentType\.interface|L2VPNTerminationType\.assigned_object): (\w+), not \2!$/,
      /^InventoryItemTemplateType\.manufacturer: ManufacturerType, not ManufacturerType!$/,
    ),
    reason:
      "the column is nullable in NetBox's own tables (a generic relation whose object may be gone, an optional " +
      'foreign key), so the value is typed as one that may be null',
  },
  {
    pattern: anyOf(
      /EnumBaseFilterLookup\w*(\.\w+)?: /,
      /Enum\.\w+: missing$/,
      /^\w+Enum: missing$/,
      /: \w*Enum\w*, not \w*Enum\w*$/,
      /^(status|StatusBaseFilterLookup)/,
      /\.status: \w+EnumBaseFilterLookup, not StatusBaseFilterLookup$/,
      /\.\w+: \w+EnumBaseFilterLookup, not StrFilterLookup$/,
    ),
    reason:
      "choice sets are the catalogue's: where NetBox filters a field by another enum than its own choices, by " +
      'a string, or has choices this service does not offer, the enum and its members follow the catalogue',
  },
  {
    pattern: new RegExp(
      ': (' +
        [
          'IntegerLookup|FloatLookup|IntFilterLookup|IntegerArrayLookup|JSONFilter|StringArrayLookup|ID',
          'TreeNodeFilter|StrFilterLookup|ContentTypeFilter|BigInt|Int|String|JSON|String!|Int!|JSON!',
          '\\[String!\\]!|Int|DateTime',
        ].join('|') +
        '), not ',
    ),
    reason:
      "a field's lookup or value type follows the catalogue's kind of the field (integer, decimal, list, JSON) " +
      "where NetBox's model field differs (IDs as NetBox's numeric lookups, decimals as FloatLookup, JSON as " +
      'JSONFilter)',
  },
  {
    pattern: /^StrDatetimeFilterLookup\.(date|time): (Date|Time)ComparisonFilterLookup, not IntComparisonFilterLookup$/,
    reason:
      "a timestamp's date and time parts compare as dates and times (NetBox's schema types them as integers, " +
      'which no date or time value fits)',
  },
  {
    pattern: /^VMInterfaceFilter\.bridge: VMInterfaceFilter, not InterfaceFilter$/,
    reason: "a VM interface's bridge is a VM interface, so it filters as one (NetBox's schema names a device's)",
  },
  {
    pattern: anyOf(/^(Webhook(Type|Filter))\.secret: missing$/, /^TagType\.owner: missing$/),
    reason:
      "a webhook's secret is write-only, and a tag's owner hidden, as in this service's REST API: GraphQL shows " +
      'no more than REST does',
  },
  {
    pattern: anyOf(/^UserFilter\.is_superuser: missing$/, /^NotificationGroupFilter\.(created|last_updated): missing$/),
    reason:
      "a user's superuser flag is hidden here (REST filters on it by `?is_superuser=`), and notification groups " +
      "have no timestamps (NetBox's serializer has none; migration 0022)",
  },
  {
    pattern: anyOf(
      /^(DeviceType(Type|Filter))\.(front|rear)_image: missing$/,
      /^DjangoImageType: missing$/,
      /^ImageAttachmentType\.image: missing$/,
    ),
    reason:
      "not yet: images are REST's (the file's URL in `front_image`, `image`); NetBox's DjangoImageType (name, " +
      "path, size, url, width, height) is not built, and a device type's images keep no size or dimensions " +
      "here for it to give (NetBox's DeviceTypeFilter filters them by an ImageAttachmentFilter)",
  },
  {
    pattern: new RegExp(
      `^(${unmixed})(Type|Filter)\\.(custom_field_data|custom_fields|journal_entries|tags): missing$`,
    ),
    reason:
      "fields of NetBox's model mixins that the catalogue (which follows NetBox's REST serializers) does not " +
      'carry for these models: custom fields, journal entries or tags',
  },
  {
    pattern: anyOf(
      /^(ConfigContext|ConfigContextProfile|ExportTemplate)(Type|Filter)\.auto_sync_enabled: missing$/,
      /^EventRule(Type|Filter)\.(action_data|comments): missing$/,
      /^ModuleTypeType\.attribute_data: missing$/,
      /^ObjectChangeType\.related_object_(id|type): missing$/,
      /^VirtualCircuitType\.contacts: missing$/,
      /^RackTypeType\.image_attachments: missing$/,
      /^PowerFeed(Type|Filter)\.available_power: missing$/,
      /^VLANGroupScopeType \| RackGroupType: missing$/,
    ),
    reason:
      'not yet: fields NetBox has on its models that the catalogue does not carry for these (or hides, as ' +
      "REST's answers lack them: an object change's related object, a power feed's available power)",
  },
  {
    pattern: /^ObjectChangeType\.(changed_object_type|user): (ContentTypeType|UserType), not DjangoModelType!?$/,
    reason:
      "an object change's type and user are typed as this schema's own ContentTypeType and UserType, which " +
      "carry NetBox's fields, rather than DjangoModelType (a bare `pk`)",
  },
  {
    pattern: anyOf(/^ModuleFilter\.local_context_data: missing$/, /^NotificationFilter\.object_repr: missing$/),
    reason:
      "not yet: a module's `local_context_data` and a notification's `object_repr` are not in the catalogue " +
      "(NetBox's filter names them, its REST serializers do not show them)",
  },
  {
    pattern: /^StrTimeFilterLookup\.(date|time): missing$/,
    reason:
      "a time has no date part and its time part is itself: NetBox's schema offers both on a JSON value read " +
      'as a time, typed as integers, which no value fits',
  },
  {
    pattern: /^ModuleTypeProfileType\.module_types(\(filters\))?: /,
    reason:
      "a profile's module types are module types, so the list is typed and filtered as ModuleTypeType " +
      "(NetBox's schema names modules: `[ModuleType!]!` filtered by `ModuleFilter`)",
  },
  {
    pattern: anyOf(
      /^ModuleBayFilter\.inventory_items: missing$/,
      /^(RackType|VirtualMachineType)Filter\.images: missing$/,
    ),
    reason:
      "not yet: filters NetBox's filter classes declare over relations the catalogue does not have: inventory " +
      "items in a module bay, image attachments of rack or VM types (the catalogue's generic relations do not " +
      'name these models, so neither REST nor GraphQL can hold such rows)',
  },
  {
    pattern: anyOf(
      /^ModuleFilter\.(device_bays|modules): missing$/,
      /^ModuleTypeFilter\.device_bay_templates: missing$/,
    ),
    reason:
      "filters NetBox's schema declares over relations its own models do not have (a module has no device bays " +
      'or modules, a module type no device bay templates), so they filter nothing there either; not served',
  },
];
