/**
 * Who is calling (tokens, sessions, the password of a user) and what they may do: object permissions
 * with their constraints as SQL conditions, decided per endpoint by `authorize`.
 */
export { resolvePeppers } from './peppers.ts';
export { authCache, hasPermission, permissionCondition } from './permissions.ts';
export { type Access, authorize, requireUser } from './access.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { digest, randomHex, randomString } from './tokens.ts';
export { MalformedConstraint, compileConstraints, shapeFault } from './constraints.ts';
export { createAuth } from './middleware.ts';
export { CSRF_COOKIE, SESSION_COOKIE, closeSession, openSession, sessionUser } from './sessions.ts';
