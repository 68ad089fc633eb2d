import * as fs from 'fs';
import { describe, expect, it } from 'vitest';
import { commandHelp, commands, declaredOptions } from '../../../src/adapters/cli/main';
import { GLOBAL_OPTIONS } from '../../../src/adapters/cli/declaration';
import { cliDoc, commandTable, withCommandTable } from '../../../scripts/docs/command-table';
import { ledger, tempDir } from '../../support/helpers';

/**
 * Each command is declared once (src/adapters/cli/declarations/): its usage, its --help, the options the command line
 * may give it and docs/cli.md's table must all say what the declaration says. (usage.test.ts holds the code that runs
 * a command to the options declared.)
 */
const GLOBAL = new Set(GLOBAL_OPTIONS.map((o) => o.name));
const named = (usage: string): string[] => [...usage.matchAll(/--([a-z0-9-]+)/g)].map((m) => m[1]!);
/** What a usage marks repeatable: `[--type T]...`, or the option twice in a row (`--rules A --rules B`). */
const markedRepeatable = (usage: string): string[] => [
  ...[...usage.matchAll(/\[--([a-z0-9-]+)[^\]]*\]\.\.\./g)].map((m) => m[1]!),
  ...[...usage.matchAll(/--([a-z0-9-]+) \S+ --\1\b/g)].map((m) => m[1]!),
];

describe('each command declared once', () => {
  it.each(commands.map((c) => [c.name, c] as const))('%s: its usage names its operands and exactly its declared options', (name, command) => {
    const own = command.options.map((o) => o.name);
    expect(new Set(own).size, 'an option declared twice').toBe(own.length);
    expect(new Set(named(command.usage).filter((o) => !GLOBAL.has(o)))).toEqual(new Set(own));
    expect(command.usage.startsWith([name, ...command.operands].join(' '))).toBe(true);
    expect(command.operands.slice(0, -1).filter((o) => o.endsWith('...'))).toEqual([]);
    expect(new Set(markedRepeatable(command.usage))).toEqual(new Set(command.options.filter((o) => o.repeatable).map((o) => o.name)));
    // a flag is shown bare in the usage: one shown with a value would be read as taking it
    for (const option of command.options.filter((o) => o.takes === 'flag')) expect(command.usage, `--${option.name}`).toMatch(new RegExp(`--${option.name}(?=[\\]\\s|)]|$)`));
  });

  it.each(commands.map((c) => [c.name, c] as const))('%s: its --help is its summary, usage and every option it takes, each once with its help', (_name, command) => {
    const help = commandHelp(command).split('\n');
    expect(help[0]).toBe(command.summary);
    expect(commandHelp(command)).toContain(`\n\nUsage: ledger ${command.usage}\n`);
    for (const option of [...command.options, ...GLOBAL_OPTIONS]) {
      const lines = help.filter((l) => new RegExp(`^ {2}--${option.name} +`).test(l));
      expect(lines, `--${option.name}`).toHaveLength(1);
      expect(lines[0]).toContain(option.text);
      if (option.default !== undefined) expect(lines[0]).toContain(`default: ${option.default}`);
      if (option.example !== undefined) expect(lines[0]).toContain(`e.g. ${option.example}`);
    }
    expect(help.filter((l) => /^ {2}--/.test(l))).toHaveLength(command.options.length + GLOBAL_OPTIONS.length);
    expect([...declaredOptions(command)].sort()).toEqual([...GLOBAL, ...command.options.map((o) => o.name)].sort());
  });

  it('every command has one name, and its declaration loads the code that runs it, which runs no other', async () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const runners = await Promise.all(commands.map((c) => c.run.load()));
    for (const [i, runner] of runners.entries()) expect(typeof runner.run, commands[i]!.name).toBe('function');
    expect(new Set(runners).size).toBe(runners.length);
  });

  it('ledger --help lists every command with its summary', async () => {
    const r = await ledger('--help');
    expect(r.code).toBe(0);
    for (const c of commands) expect(r.out).toContain(`  ${c.name.padEnd(22)} ${c.summary}\n`);
  });

  // in-process: the command line is checked before any store is opened; each argv ends in a stray argument, so that
  // what passes the check is refused there and nothing runs
  it('the command line is read as declared: a flag takes no value, a repeatable option may come twice, no other', async () => {
    const db = `${tempDir('declared')}/ledger.db`;
    const refusal = async (...argv: string[]) => (await ledger(...argv, '--db', db)).err;
    for (const command of commands.filter((c) => !c.operands.some((o) => o.endsWith('...')))) {
      const words = [...command.name.split(' '), ...command.operands.map(() => 'x')];
      const stray = `ledger: unexpected argument "stray"`;
      expect(await refusal(...words, 'stray'), command.name).toContain(stray);
      for (const option of command.options) {
        const once = option.takes === 'flag' ? [`--${option.name}`] : [`--${option.name}`, 'x'];
        expect(await refusal(...words, ...once, 'stray'), `${command.name} --${option.name}`).toContain(stray);
        expect(await refusal(...words, ...once, ...once, 'stray'), `${command.name} --${option.name} twice`).toContain(option.repeatable ? stray : `--${option.name} is given twice`);
      }
    }
    expect(fs.existsSync(db)).toBe(false);
  });

  it("docs/cli.md's command table is the one made from the declarations", () => {
    const doc = fs.readFileSync(cliDoc(), 'utf8');
    expect(doc).toContain(commandTable());
    expect(withCommandTable(doc)).toBe(doc);
    for (const c of commands) expect(commandTable()).toContain(`\`ledger ${[c.name, ...c.operands].join(' ')}\``);
  });
});
