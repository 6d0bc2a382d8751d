/**
 * Command-line programs made of commands, each described once: a command's table of options both
 * parses its arguments and prints its `--help`, so what it accepts and what its help says are one
 * list. A mistake in how a command is called (an option it does not know, a value missing) is one line
 * naming it and pointing at `--help`, exit code 1, as NetBox's (Django's) management commands do.
 */
import { parseArgs } from 'node:util';

export interface Option {
  readonly type: 'string' | 'boolean';
  /** what the help says it is for (and its default, when the command applies one itself) */
  readonly help: string;
  /** the value's name in the help: `--port PORT` (string options; the option's name by default) */
  readonly value?: string;
  readonly required?: boolean;
  /** the value when the option is not given (string options), shown in the help */
  readonly default?: string;
  /** may be given more than once (string options): its values are a list, empty when not given */
  readonly multiple?: boolean;
}

export type Options = Readonly<Record<string, Option>>;

/** The values a table of options parses to: booleans always given, strings when required or defaulted. */
export type Values<O extends Options> = {
  readonly [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K] extends { multiple: true }
      ? readonly string[]
      : O[K] extends { required: true } | { default: string }
        ? string
        : string | undefined;
};

export interface Command<O extends Options = Options> {
  readonly name: string;
  /** one line for the list of commands */
  readonly summary: string;
  /** more about the command, printed under its usage line */
  readonly details?: string;
  readonly options: O;
  /** does the work; returns the exit code (0 when nothing is returned) */
  run(values: Values<O>): Promise<number | void>;
}

/** A command, with its options' types kept for its run(). */
export function command<O extends Options>(c: Command<O>): Command<O> {
  return c;
}

/** The command was called wrongly or refused: printed as one message, exit code 1. */
export class CommandError extends Error {}

const help: Option = { type: 'boolean', help: 'show this help and exit' };

function optionName(name: string, o: Option): string {
  return o.type === 'string' ? `--${name} ${o.value ?? name.toUpperCase()}` : `--${name}`;
}

/** The usage line and the options of one command, as `--help` prints them; invocation: how it is run. */
export function commandHelp(invocation: string, c: Command): string {
  const entries = Object.entries(c.options);
  const required = entries.filter(([, o]) => o.required).map(([n, o]) => optionName(n, o));
  const optional = entries.some(([, o]) => !o.required) ? ['[options]'] : [];
  const rows: [string, string][] = [
    ...entries.map(([n, o]): [string, string] => [
      optionName(n, o),
      `${o.help}${o.required ? ' (required)' : ''}${o.default !== undefined ? ` (default ${o.default})` : ''}` +
        (o.multiple ? ' (may be given more than once)' : ''),
    ]),
    ['-h, --help', help.help],
  ];
  const width = Math.max(...rows.map(([n]) => n.length)) + 2;
  return [
    `usage: ${[invocation, ...required, ...optional].join(' ')}`,
    '',
    c.summary,
    ...(c.details ? ['', c.details] : []),
    '',
    'options:',
    ...rows.map(([n, h]) => `  ${n.padEnd(width)}${h}`),
  ].join('\n');
}

/** The list of commands with a line each, as `--help`, `help` and no command at all print it. */
export function overview(program: string, commands: readonly Command[], about: string): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `usage: ${program} <command> [options]`,
    '',
    about,
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `${program} <command> --help shows a command's options.`,
  ].join('\n');
}

/** Why a command's arguments cannot be parsed, one line each, or none. */
function mistakes(o: Options, tokens: ReturnType<typeof parseArgs>['tokens']): string[] {
  const found: string[] = [];
  for (const t of tokens ?? []) {
    if (t.kind === 'positional') found.push(`unexpected argument "${t.value}"`);
    if (t.kind !== 'option' || t.name === 'help') continue;
    // own keys only: --constructor is as unknown as any other name
    const option = Object.hasOwn(o, t.name) ? o[t.name] : undefined;
    if (!option) found.push(`unknown option ${t.rawName}`);
    else if (option.type === 'boolean' && t.value !== undefined) found.push(`${t.rawName} takes no value`);
    else if (option.type === 'string' && (t.value === undefined || (!t.inlineValue && t.value.startsWith('-'))))
      found.push(`${t.rawName} needs a value (one that begins with "-" is written ${t.rawName}=-…)`);
  }
  const missing = Object.entries(o).filter(([n, v]) => v.required && !tokens?.some((t) => 'name' in t && t.name === n));
  if (missing.length) found.push(`give ${missing.map(([n, v]) => optionName(n, v)).join(' and ')}`);
  return found;
}

/** A command's arguments parsed by its table, or 'help' when `--help`/`-h` is among them (it wins). */
export function parseCommand<O extends Options>(
  invocation: string,
  c: Command<O>,
  args: readonly string[],
): Values<O> | 'help' {
  const config = Object.fromEntries(
    Object.entries(c.options).map(([n, o]) => [
      n,
      { type: o.type, ...(o.default ? { default: o.default } : {}), ...(o.multiple ? { multiple: true } : {}) },
    ]),
  );
  const { values, tokens } = parseArgs({
    args: [...args],
    options: { ...config, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (values.help === true) return 'help';
  const wrong = mistakes(c.options, tokens);
  if (wrong.length) throw new CommandError(`${c.name}: ${wrong.join('; ')} (see ${invocation} --help)`);
  const booleans = Object.entries(c.options).filter(([, o]) => o.type === 'boolean');
  const lists = Object.entries(c.options).filter(([, o]) => o.multiple);
  return {
    ...values,
    ...Object.fromEntries(booleans.map(([n]) => [n, values[n] === true])),
    ...Object.fromEntries(lists.map(([n]) => [n, values[n] ?? []])),
  } as Values<O>;
}

/** Prints the message of a mistake or refusal as one line and gives exit code 1; anything else is a defect (thrown). */
function refused(e: unknown): number {
  if (!(e instanceof CommandError)) throw e;
  console.error(e.message);
  return 1;
}

/** Runs one command with its arguments (a program that is one command: invocation is how it is run). */
export async function runOne(invocation: string, c: Command, args: readonly string[]): Promise<number> {
  try {
    const values = parseCommand(invocation, c, args);
    if (values !== 'help') return (await c.run(values)) ?? 0;
    console.log(commandHelp(invocation, c));
    return 0;
  } catch (e) {
    return refused(e);
  }
}

/**
 * Runs the command argv names (argv: what follows the program's name); returns the exit code. Help goes to
 * stdout, a mistake or refusal to stderr as one line; any other failure is thrown (a defect: its stack helps).
 */
export async function runCommand(
  program: string,
  commands: readonly Command[],
  about: string,
  argv: readonly string[],
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || (first === 'help' && !rest.length)) {
    console.log(overview(program, commands, about));
    return 0;
  }
  // `help <command>` is `<command> --help`
  const [name, args] = first === 'help' ? [rest[0]!, ['--help']] : [first, rest];
  const c = commands.find((k) => k.name === name);
  if (!c) return refused(new CommandError(`unknown command "${name}" (see ${program} --help)`));
  return runOne(`${program} ${c.name}`, c, args);
}
