/**
 * A row of the generated route table (generated/routes.ts): a model's key and a URL its routes are
 * mounted at. The app mounts REST's routes at each; the importer hands the table to the app it verifies with.
 */
export interface ModelRoute {
  readonly model: string;
  readonly path: string;
}
