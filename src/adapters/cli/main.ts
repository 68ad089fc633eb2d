import * as fs from 'fs';
import * as path from 'path';
import { Options, parseArgs, UsageError } from './args';
import { CliContext } from './context';
import { commandCatalog } from './commands/catalog';
import { reportFailure } from './failure-output';
import { GLOBAL_OPTIONS, optionLines, type CommandDeclaration } from './declaration';
import { nearest } from './suggest';

/** `follow` and `version` are read as flags before the command is known (`ledger --version`, `ledger --follow events`). */
const GLOBAL_BOOLEANS = [...GLOBAL_OPTIONS.filter((o) => o.takes === 'flag').map((o) => o.name), 'follow', 'version'];
const GLOBAL_VALUES = new Set(GLOBAL_OPTIONS.filter((o) => o.takes !== 'flag').map((o) => o.name));

/** The words that may name the command: not options, nor the value of a global option written before it (`--db F`). */
const commandWords = (argv: readonly string[]): string[] => {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 3; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) words.push(arg);
    else if (!arg.includes('=') && GLOBAL_VALUES.has(arg.slice(2))) i++;
  }
  return words;
};

/** Every option the command takes: the global ones, then its own as declared. */
export const declaredOptions = (command: CommandDeclaration): Set<string> => new Set([...GLOBAL_OPTIONS, ...command.options].map((o) => o.name));

/** Refuses an option the command does not take before anything runs, naming the nearest one it does take. */
const refuseUnknownOptions = (command: CommandDeclaration, given: Iterable<string>): void => {
  const declared = declaredOptions(command);
  const name = [...given].find((option) => !declared.has(option));
  if (name === undefined) return;
  const near = nearest(name, [...declared]);
  throw new UsageError(
    `unknown option --${name} for "${command.name}"${near ? `; did you mean --${near}?` : ''} (run \`ledger ${command.name} --help\` for its options)`,
  );
};

/**
 * Refuses what the command line says twice or says in vain: an option given twice (the last value would win in
 * silence), --db beside --store (one of them would be ignored), an argument the command takes no place for.
 */
const refuseAmbiguousArguments = (command: CommandDeclaration, flags: ReadonlyMap<string, readonly string[]>, rest: readonly string[]): void => {
  const repeatable = new Set(command.options.filter((o) => o.repeatable).map((o) => o.name));
  const twice = [...flags].find(([name, values]) => values.length > 1 && !repeatable.has(name));
  if (twice) throw new UsageError(`--${twice[0]} is given twice (${twice[1].map((v) => (v === 'true' ? `--${twice[0]}` : `"${v}"`)).join(', ')}); "${command.name}" takes it once`);
  if (flags.has('db') && flags.has('store')) throw new UsageError('give --db FILE (a SQLite ledger) or --store SPEC, not both');
  const places = command.operands.filter((operand) => !operand.endsWith('...'));
  // `FILE...` as the last operand takes as many as are given
  const stray = places.length < command.operands.length ? undefined : rest[places.length];
  if (stray !== undefined) {
    const expected = places.length === 0 ? 'no argument, only options' : `only ${places.join(' ')}`;
    throw new UsageError(`unexpected argument "${stray}": "ledger ${command.name}" takes ${expected} (run \`ledger ${command.name} --help\`)`);
  }
};
export const commands = commandCatalog;

/** `ledger <command> --help`: what it does, its usage, then every option it takes with values, default and an example. */
export const commandHelp = (command: CommandDeclaration): string =>
  [
    command.summary,
    '',
    `Usage: ledger ${command.usage}`,
    ...(command.details !== undefined ? ['', command.details] : []),
    ...(command.options.length > 0 ? ['', 'Options:', ...optionLines(command.options)] : []),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    ...(command.epilogue !== undefined ? ['', command.epilogue] : []),
  ].join('\n');

const help = (): string =>
  [
    'ledger — an event-sourced rating ledger (FESA shogi and other systems)',
    '',
    'Usage: ledger <command> [options]    (global: --db FILE | --store SPEC, --actor NAME, --json; ledger --version)',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(22)} ${c.summary}`),
    '',
    'Store: --store sqlite:FILE | postgres://… | esdb://…, or --db FILE; defaults to $LEDGER_STORE, $LEDGER_DB, ./data/ledger.db.',
    'Run `ledger <command> --help` for the options of one command.',
  ].join('\n');

/** `ledger --version`: the name and version in the nearest package.json above this module (built or not). */
const version = (): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name && pkg.version) return `${pkg.name} ${pkg.version}`;
    }
    if (path.dirname(dir) === dir) return 'rating-ledger (version unknown)';
  }
};

/** An unknown command, with the nearest command name when the words look like a typo of one. */
const unknownCommand = (positional: readonly string[]): string => {
  const typed = positional.slice(0, 2).join(' ');
  const names = commands.map((c) => c.name);
  const near = nearest(typed, names) ?? nearest(positional.slice(0, 1).join(' '), names) ?? nearest(positional.slice(0, 3).join(' '), names);
  return `unknown command "${typed}"${near ? `; did you mean "ledger ${near}"?` : ''} (\`ledger --help\` lists every command)`;
};

const findCommand = (positional: readonly string[]): { command?: CommandDeclaration; rest: readonly string[] } => {
  for (const words of [3, 2, 1]) {
    const name = positional.slice(0, words).join(' ');
    const command = commands.find((c) => c.name === name);
    if (command) return { command, rest: positional.slice(words) };
  }
  return { rest: positional };
};

/** Runs one CLI invocation; resolves to the exit code. Errors become one clear sentence on stderr. */
export const main = async (
  argv: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (text: string) => void = (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
): Promise<number> => {
  let ctx: CliContext | undefined;
  let command: CommandDeclaration | undefined;
  try {
    const { command: guess } = findCommand(commandWords(argv));
    const booleans = new Set([...GLOBAL_BOOLEANS, ...(guess?.options ?? []).filter((o) => o.takes === 'flag').map((o) => o.name)]);
    const parsed = parseArgs(argv, booleans, guess === undefined ? undefined : declaredOptions(guess));
    const found = findCommand(parsed.positional);
    command = found.command;
    const rest = found.rest;
    if (!command) {
      if (parsed.positional.length === 0 && parsed.flags.has('version')) {
        out(version());
        return 0;
      }
      if (parsed.positional.length === 0 || parsed.flags.has('help')) {
        out(help());
        return parsed.positional.length === 0 && !parsed.flags.has('help') ? 1 : 0;
      }
      throw new UsageError(unknownCommand(parsed.positional));
    }
    if (parsed.flags.has('help')) {
      out(commandHelp(command));
      return 0;
    }
    refuseUnknownOptions(command, parsed.flags.keys());
    refuseAmbiguousArguments(command, parsed.flags, rest);
    ctx = new CliContext(new Options({ positional: rest, flags: parsed.flags }), out, err);
    for (const global of ['db', 'store', 'actor', 'json', 'credentials']) ctx.opts.has(global);
    const code = await (await command.run.load()).run(ctx);
    const unknown = ctx.opts.unknown();
    if (unknown.length > 0) err(`warning: option${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `--${u}`).join(', ')} not used by "${command.name}"`);
    return code;
  } catch (error) {
    return reportFailure(error, argv, err);
  } finally {
    await ctx?.close(command?.name === 'init').catch(() => undefined);
  }
};
