/**
 * Cables as NetBox keeps them: how they are stored and which objects a path passes (model.ts), one hop
 * for many objects at once (links.ts), and whole paths traced on read (trace.ts).
 */
export { type Path, tracePath, tracePaths } from './trace.ts';
export { CABLE, type Ref, TERMINATION, refKey } from './model.ts';
export { type Link, linksOf } from './links.ts';
