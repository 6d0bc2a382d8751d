/**
 * The generic REST API of a catalogued model: list, detail, create, update, delete (single and
 * bulk) and OPTIONS, mounted by the app at each URL of the generated route table.
 */
export { createModelRoutes, type ModelRoute } from './routes.ts';
export { fetchObjects } from './read.ts';
export { writeContext } from './write.ts';
