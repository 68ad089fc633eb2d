/**
 * A CLI command is declared once, as data: its name, summary, usage, operands and every option it takes with the
 * option's kind and help. main.ts parses and checks a command line against the declaration, `--help` is written from
 * it, `ledger --help` lists it, and docs/cli.md's command table is made from it; test/adapters/cli/declarations.test.ts
 * holds the usage and the code that runs the command to it.
 *
 * The declarations load no code that runs a command: `run` names the module and export, imported only when the
 * command runs, so `ledger --help` loads nothing else and `fesa run` no store, HTTP or PostgreSQL code.
 */
import type { CommandRun } from './context';

/** What `--help` says of an option. */
export interface OptionHelp {
  /** What the option means and which values it takes. */
  readonly text: string;
  /** What applies without the option. */
  readonly default?: string;
  /** The option as one would type it. */
  readonly example?: string;
}

export interface OptionDeclaration extends OptionHelp {
  readonly name: string;
  /** A flag is given alone (`--dry-run`, or `--dry-run=no`); a value option takes the next word or `=value`. */
  readonly takes: 'flag' | 'value';
  /** Given more than once, each value counts; any other option given twice is refused (the last would win in silence). */
  readonly repeatable?: true;
}

export const value = (name: string, help: OptionHelp): OptionDeclaration => ({ name, takes: 'value', ...help });
export const flag = (name: string, help: OptionHelp): OptionDeclaration => ({ name, takes: 'flag', ...help });
export const repeated = (name: string, help: OptionHelp): OptionDeclaration => ({ name, takes: 'value', repeatable: true, ...help });

const RUN_MODULES = {
  audit: () => import('./commands/audit'),
  bulletin: () => import('./commands/bulletin'),
  career: () => import('./commands/career'),
  core: () => import('./commands/core'),
  fesa: () => import('./commands/fesa'),
  history: () => import('./commands/history'),
  interchange: () => import('./commands/interchange'),
  officers: () => import('./commands/officers'),
  player: () => import('./commands/player'),
  rules: () => import('./commands/rules'),
  rulesets: () => import('./commands/rulesets'),
  submissions: () => import('./commands/submissions'),
  tournament: () => import('./commands/tournament'),
};
type RunModule = keyof typeof RUN_MODULES;
type Exports<M extends RunModule> = Awaited<ReturnType<(typeof RUN_MODULES)[M]>>;
/** The exports of a module that run a command: naming any other export does not compile. */
type RunExport<M extends RunModule> = { [K in keyof Exports<M>]: Exports<M>[K] extends CommandRun ? K : never }[keyof Exports<M>] & string;

/** Where the code that runs a command is: `src/adapters/cli/commands/<module>.ts`, its export `name`. */
export interface RunAt {
  readonly module: RunModule;
  readonly export: string;
  load(): Promise<CommandRun>;
}

export const runs = <M extends RunModule>(module: M, name: RunExport<M>): RunAt => ({
  module,
  export: name,
  load: async () => (await RUN_MODULES[module]()) [name as keyof Exports<RunModule>],
});

export interface CommandDeclaration {
  readonly name: string;
  readonly summary: string;
  /** What `--help` prints after "Usage: ledger": the operands, then exactly the declared options (a test holds it). */
  readonly usage: string;
  /** What `--help` says after the usage: how the command reads its input (only where the summary cannot say it). */
  readonly details?: string;
  /** What `--help` prints last (the list's column legend). */
  readonly epilogue?: string;
  /** The words the command takes before its options, in order; a last one ending in `...` takes as many as are given. */
  readonly operands: readonly string[];
  /** The options it takes besides the global ones, in the order `--help` lists them. */
  readonly options: readonly OptionDeclaration[];
  readonly run: RunAt;
}

/** Options every command takes. */
export const GLOBAL_OPTIONS: readonly OptionDeclaration[] = [
  value('db', { text: 'the SQLite ledger file (same as --store sqlite:FILE)', default: '$LEDGER_STORE, $LEDGER_DB or ./data/ledger.db', example: '--db data/ledger.db' }),
  value('store', { text: 'where the log is kept: sqlite:FILE, postgres://… or esdb://…', default: '$LEDGER_STORE, $LEDGER_DB or ./data/ledger.db', example: '--store postgres://ledger@localhost/ledger' }),
  value('actor', { text: 'the officer recorded as having made a change', default: '$LEDGER_ACTOR, else your login name', example: '--actor "Kari Berg"' }),
  flag('json', { text: 'print the result as JSON instead of text (for scripts)', default: 'text' }),
  flag('help', { text: 'show this help' }),
];

/** One line per option: `  --name  text (default: …; e.g. …)`. */
export const optionLines = (options: readonly OptionDeclaration[]): string[] => {
  const width = Math.max(...options.map((o) => o.name.length)) + 4;
  return options.map((o) => {
    const notes = [o.default !== undefined ? `default: ${o.default}` : undefined, o.example !== undefined ? `e.g. ${o.example}` : undefined].filter((n) => n !== undefined);
    return `  ${`--${o.name}`.padEnd(width)}${o.text}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  });
};
