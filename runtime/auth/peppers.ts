/**
 * Peppers for v2 token digests: from API_TOKEN_PEPPERS, or (fresh installs) one generated at first
 * start and kept in the data directory, readable only by the service's user.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePeppers, type Settings } from '../config/index.ts';

export function resolvePeppers(settings: Settings): Map<number, string> {
  if (settings.apiTokenPeppers) return new Map(settings.apiTokenPeppers);
  const file = join(settings.dataDir, 'token-peppers');
  if (!existsSync(file)) {
    mkdirSync(settings.dataDir, { recursive: true });
    writeFileSync(file, `1:${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return parsePeppers(readFileSync(file, 'utf8').trim()) ?? new Map();
}
