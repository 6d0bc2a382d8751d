/**
 * The catalogue loader and validator over the project's catalogue (seconds of work each, so not in the unit
 * tier; tests/unit/codegen/catalogue.test.ts has the faults of the small fixture): faults by YAML path.
 */
import { describe, expect, it } from 'vitest';
import { readCatalogue, type CatalogueFiles } from '../../codegen/catalogue/load.ts';
import { faultsFrom } from '../helpers/catalogue-faults.ts';
import { generate } from '../../codegen/pipeline.ts';

const project = readCatalogue('models');

/** The project's catalogue with one file's text edited. */
function edited(file: string, edit: (text: string) => string): CatalogueFiles {
  return { ...project, [file]: edit(project[file]!) };
}

const faultsOf = (files: CatalogueFiles) => faultsFrom(() => generate(files));

describe('catalogue validation', () => {
  it('accepts the project catalogue', () => {
    expect(faultsOf(project)).toEqual([]);
  });

  it('names the YAML path of an unknown choice set', () => {
    const files = edited('models/dcim.yaml', (text) =>
      text.replace(
        'status: {type: choice, choices: site_status, default: active}',
        'status: {type: choice, choices: site_statu, default: active}',
      ),
    );
    expect(faultsOf(files)).toContain('models/dcim.yaml: models.site.fields.status: unknown choice set "site_statu"');
  });

  it('names the declared filter that reaches nothing or starts from a relation pointing elsewhere', () => {
    const files = edited('models/dcim.yaml', (text) =>
      text
        .replace('model: {filter: device_type,', 'model: {filter: device_typo,')
        .replace('parent_bay_id: {from: dcim.devicebay.installed_device,', 'parent_bay_id: {from: dcim.site.region,'),
    );
    const faults = faultsOf(files);
    expect(faults).toContain(
      'models/dcim.yaml: models.device.filters.model: reaches no field or filter of that name from dcim.device',
    );
    const from = '"from: dcim.site.region" is not a relation pointing at dcim.device';
    expect(faults).toContain(`models/dcim.yaml: models.device.filters.parent_bay_id: ${from}`);
  });

  it('refuses display rules that show themselves through their relations', () => {
    const files = edited('models/tenancy.yaml', (text) =>
      text.replace(
        'brief: [id, url, display, name, slug, description, tenant_count, _depth]',
        'brief: [id, url, display, name, slug, description, tenant_count, _depth]\n    display: "{name} in {parent}"',
      ),
    );
    expect(faultsOf(files)).toEqual([
      'models/tenancy.yaml: models.tenantgroup.display: shows itself through relations ' +
        '(tenancy.tenantgroup -> tenancy.tenantgroup)',
    ]);
  });
});
