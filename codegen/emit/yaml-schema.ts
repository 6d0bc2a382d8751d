/**
 * The catalogue's JSON Schema → `generated/models.schema.json`, for editors: models.yaml names it in its
 * first line (`# yaml-language-server: $schema=…`), so keys, enums and descriptions are checked and
 * completed as one types. The same schema checks the file in `npm run generate` (catalogue/load.ts).
 */
import { catalogueSchema } from '../catalogue/schema.ts';
import type { FileMap } from '../write/file-map.ts';

export function emitYamlSchema(): FileMap {
  const doc = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'models.yaml',
    ...catalogueSchema,
  };
  return new Map([['models.schema.json', `${JSON.stringify(doc, null, 2)}\n`]]);
}
