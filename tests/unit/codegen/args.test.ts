/**
 * Operation arguments read at generate time: a filter op's `arg` becomes the structure its runtime
 * operation reads (codegen/catalogue/filter-args.ts), and a check's or an action's arguments are
 * checked against their spec and converted (codegen/catalogue/args.ts); a malformed one is a fault.
 */
import { describe, expect, it } from 'vitest';
import { argFaults, ownFieldArgs, parseArgs } from '../../../codegen/catalogue/args.ts';
import { specialOp } from '../../../codegen/catalogue/filter-args.ts';
import { actionArgs, checkArgs } from '../../../runtime/catalogue/names.ts';

describe('a filter op argument becomes a structure', () => {
  it.each([
    {
      op: 'choice_group',
      arg: 'physical=!virtual,lag;virtual=virtual,lag',
      want: {
        op: 'choice_group',
        groups: {
          physical: { negate: true, values: ['virtual', 'lag'] },
          virtual: { negate: false, values: ['virtual', 'lag'] },
        },
      },
    },
    {
      op: 'has',
      arg: 'dcim.frontport.device,dcim.rearport.device',
      want: {
        op: 'has',
        relations: [
          { model: 'dcim.frontport', field: 'device' },
          { model: 'dcim.rearport', field: 'device' },
        ],
      },
    },
    {
      op: 'missing',
      arg: 'dcim.cabletermination.cable:cable_end=A',
      want: {
        op: 'missing',
        relations: [{ model: 'dcim.cabletermination', field: 'cable', where: { field: 'cable_end', value: 'A' } }],
      },
    },
    { op: 'json_ref', arg: 'rear_port', want: { op: 'json_ref', key: 'rear_port' } },
    {
      op: 'json_ref',
      arg: 'dcim.frontport.rear_ports:rear_port',
      want: { op: 'json_ref', key: 'rear_port', owner: { model: 'dcim.frontport', field: 'rear_ports' } },
    },
    {
      op: 'vc_interfaces',
      arg: 'virtual_chassis,mgmt_only,master',
      want: { op: 'vc_interfaces', chassis: 'virtual_chassis', mgmtOnly: 'mgmt_only', master: 'master' },
    },
    {
      op: 'related_ip',
      arg: 'ipam.ipaddress.assigned_object:address:vrf',
      want: { op: 'related_ip', model: 'ipam.ipaddress', relation: 'assigned_object', address: 'address', vrf: 'vrf' },
    },
    {
      op: 'generic_is',
      arg: 'dcim.interface,virtualization.vminterface',
      want: { op: 'generic_is', types: ['dcim.interface', 'virtualization.vminterface'] },
    },
    {
      op: 'not_null',
      arg: 'primary_ip4,primary_ip6',
      want: { op: 'not_null', fields: ['primary_ip4', 'primary_ip6'] },
    },
    { op: 'not_null', arg: undefined, field: 'front_image', want: { op: 'not_null', fields: ['front_image'] } },
    {
      op: 'null_or_same',
      arg: 'dcim.devicetype.manufacturer',
      want: { op: 'null_or_same', other: { model: 'dcim.devicetype', field: 'manufacturer' } },
    },
    { op: 'time_after', arg: undefined, want: { op: 'time_after' } },
    {
      op: 'available',
      arg:
        'group.scope|site|virtualization.virtualmachine|site,cluster.scope<dcim.site>|' +
        'dcim.site=cluster.scope,@site;dcim.region=@site.region',
      want: {
        op: 'available',
        group: 'group',
        scope: 'scope',
        site: 'site',
        object: 'virtualization.virtualmachine',
        sitePaths: [
          { from: 'self', path: [{ field: 'site' }] },
          { from: 'self', path: [{ field: 'cluster' }, { field: 'scope', type: 'dcim.site' }] },
        ],
        scopes: [
          {
            type: 'dcim.site',
            paths: [
              { from: 'self', path: [{ field: 'cluster' }, { field: 'scope' }] },
              { from: 'site', path: [] },
            ],
          },
          { type: 'dcim.region', paths: [{ from: 'site', path: [{ field: 'region' }] }] },
        ],
      },
    },
  ] as const)('$op $arg', ({ op, arg, want, ...rest }) => {
    expect(specialOp(op, arg, 'field' in rest ? rest.field : undefined)).toEqual(want);
  });

  it.each([
    { op: 'has', arg: 'dcim.frontport', want: /not `app\.model\.field`/ },
    { op: 'choice_group', arg: 'physical', want: /not `name=value,…`/ },
    {
      op: 'available',
      arg: 'group.scope|site',
      want: /"arg" is `group\.scope\|site\|app\.model\|paths\|type=paths;…`/,
    },
    { op: 'generic_id', arg: undefined, want: /"arg" is required/ },
    { op: 'time_after', arg: 'x', want: /takes no "arg"/ },
    { op: 'vrf_present', arg: 'import_targets', want: /not 2 field names/ },
  ] as const)('$op $arg is refused', ({ op, arg, want }) => {
    expect(() => specialOp(op, arg, undefined)).toThrow(want);
  });
});

describe("a check's or an action's arguments against their spec", () => {
  it('names what is missing, unknown or malformed', () => {
    expect(argFaults(checkArgs.lag, { field: 'lag', device: 'device', typo: 'x' })).toEqual([
      'type: required',
      'lag_type: required',
      'virtual_type: required',
      'typo: unknown argument (field, device, type, lag_type, virtual_type, chassis)',
    ]);
    expect(argFaults(checkArgs.keeps_primary_ip, { assigned: 'a', holders: 'dcim.device', parents: ['x.y'] })).toEqual([
      'holders: must be a list of `app.model.field`',
      'parents: must be a list of `app.model.field`',
    ]);
    expect(argFaults(actionArgs.available_vlans, { creates: 'vlan', ranges: 'vid_ranges' })).toEqual([
      'creates: must be a content type `app.model`',
    ]);
  });

  it('reads references and lists into their structures', () => {
    expect(
      parseArgs(checkArgs.keeps_primary_ip, {
        assigned: 'assigned_object',
        holders: ['dcim.device.primary_ip4'],
        parents: ['dcim.interface.device'],
      }),
    ).toEqual({
      assigned: 'assigned_object',
      holders: [{ model: 'dcim.device', field: 'primary_ip4' }],
      parents: [{ model: 'dcim.interface', field: 'device' }],
    });
    const render = { template: 'config_template', fallbacks: 'role,platform', context: 'config_context', code: 'x' };
    expect(parseArgs(actionArgs.render_config, render).fallbacks).toEqual(['role', 'platform']);
    expect(ownFieldArgs(actionArgs.render_config, render)).toEqual([
      ['template', 'config_template'],
      ['fallbacks', 'role'],
      ['fallbacks', 'platform'],
      ['context', 'config_context'],
    ]);
  });
});
