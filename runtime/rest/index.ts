/**
 * The generic REST API of a catalogued model: list, detail, create, update, delete (single and
 * bulk) and OPTIONS, mounted by the app at each URL of the generated route table.
 */
export { createModelRoutes } from './routes.ts';
/** the route table's row, named here too because generated/routes.ts imports it from REST */
export type { ModelRoute } from '../catalogue/index.ts';
export { fetchObjects, outputWith } from './read.ts';
export { writeContext } from './write.ts';
export { createConnectedDeviceRoutes } from './connected-device.ts';
export { pageUrl, parsePage, shapeFields } from './shape.ts';
