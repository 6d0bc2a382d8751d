/**
 * The generic REST API of a catalogued model: list, detail, create, update, delete (single and
 * bulk) and OPTIONS. Generated route modules are thin calls to createModelRoutes.
 */
export { createModelRoutes, type ModelRoute } from './routes.ts';
export { authorize, type Access } from './access.ts';
export { fetchObjects, readContext } from './read.ts';
export { writeContext } from './write.ts';
