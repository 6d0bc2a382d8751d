/**
 * Which statements run as named (prepared) statements: PostgreSQL then plans a read once per
 * connection instead of on every request, which for a page with embedded relations is most of its
 * cost. A plan takes memory in every connection that runs it (about 1 MB for a device's page), and
 * postgres.js never forgets a statement while a connection lives, so a process names at most
 * MAX_NAMED distinct texts, the first it meets; any other text runs unnamed, planned each time.
 * Texts are few in practice: one per model, shape and combination of filters, with values as
 * parameters.
 */
const MAX_NAMED = 200;
const texts = new Set<string>();

/** The options of a read whose text is `text`: named while the process has room for it. */
export function readOptions(text: string): { prepare: boolean; simple: boolean } | Record<string, never> {
  if (texts.has(text)) return NAMED;
  if (texts.size >= MAX_NAMED) return {};
  texts.add(text);
  return NAMED;
}

const NAMED = { prepare: true, simple: false } as const;
