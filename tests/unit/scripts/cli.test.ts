/**
 * A command's table of options (scripts/cli.ts) parses what it says: an option that may be given more than
 * once (import-netbox's --superuser) is a list, empty when not given, and its help says it repeats.
 */
import { describe, expect, it } from 'vitest';
import { command, commandHelp, parseCommand } from '../../../scripts/cli.ts';

const c = command({
  name: 'copy',
  summary: 'copy something',
  options: {
    url: { type: 'string', value: 'URL', required: true, help: 'where from' },
    superuser: { type: 'string', value: 'NAME', multiple: true, help: 'a superuser there' },
  },
  run: async () => {},
});

describe('options given more than once', () => {
  it.each([
    [['--url', 'u'], []],
    [['--url', 'u', '--superuser', 'admin'], ['admin']],
    [
      ['--superuser', 'admin', '--url', 'u', '--superuser=bob'],
      ['admin', 'bob'],
    ],
  ])('%j → %j', (args, want) => {
    const values = parseCommand('manage copy', c, args);
    expect(values !== 'help' && values.superuser).toEqual(want);
  });

  it('names a missing value, and says in the help that the option repeats', () => {
    expect(() => parseCommand('manage copy', c, ['--url', 'u', '--superuser'])).toThrow(
      'copy: --superuser needs a value',
    );
    expect(commandHelp('manage copy', c)).toMatch(
      /^ {2}--superuser NAME +a superuser there \(may be given more than once\)$/m,
    );
  });
});
