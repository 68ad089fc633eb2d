import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { commands, declaredOptions } from '../../../src/adapters/cli/main';
import { ledger, tempDir } from '../../support/helpers';

/**
 * A command's usage line is what `--help` shows and what the strict option check accepts, so it must name exactly the
 * options the command reads: one it reads but does not list is refused as unknown although it would work (as
 * `game correct --main` was), one it lists but never reads is accepted and silently ignored.
 *
 * What a command reads is found in its source: the literal option names it asks `ctx.opts` for, in its own body and in
 * the helpers of its file it calls (transitively). A game's fields are read by name through `gameCommand`'s input, from
 * the flags or a CSV row alike; it is shared with the games submissions, in src/app/game-rows.ts, whose helpers are
 * followed too.
 */
const COMMAND_SOURCES = path.resolve(__dirname, '../../../src/adapters/cli/commands');
const SHARED_SOURCES = [path.resolve(__dirname, '../../../src/app/game-rows.ts')];
const GLOBAL = new Set(['db', 'store', 'actor', 'json', 'help']);

interface Declaration {
  readonly name: string;
  readonly body: string;
}

const declarationsOf = (source: string): Declaration[] => {
  const starts = [...source.matchAll(/^(?:export )?(?:const|function) (\w+)/gm)];
  return starts.map((m, i) => ({ name: m[1]!, body: source.slice(m.index, starts[i + 1]?.index ?? source.length) }));
};

const directReads = (body: string): Set<string> =>
  new Set([
    ...[...body.matchAll(/opts\.(?:string|flag|has|all|required|date|requiredDate|int|count|number)\('([a-z0-9-]+)'/g)].map((m) => m[1]!),
    ...[...body.matchAll(/\b(?:need|num|input\.get)\('([a-z0-9-]+)'/g)].map((m) => m[1]!),
    // the officers' token hashes may live in a file of their own (CliContext.credentials)
    ...(/ctx\.(?:officers|credentials)\(/.test(body) ? ['credentials'] : []),
  ]);

/** Every command's name with the options the code that runs it reads (its declaration names the module and export). */
const readsByCommand = (): Map<string, Set<string>> => {
  const found = new Map<string, Set<string>>();
  for (const command of commands) {
    const declarations = declarationsOf(fs.readFileSync(path.join(COMMAND_SOURCES, `${command.run.module}.ts`), 'utf8'));
    const shared = SHARED_SOURCES.flatMap((f) => declarationsOf(fs.readFileSync(f, 'utf8')));
    const byName = new Map([...shared, ...declarations].map((d) => [d.name, d]));
    const reads = (d: Declaration, seen: Set<string>): Set<string> => {
      const all = directReads(d.body);
      for (const call of d.body.matchAll(/\b(\w+)\(/g)) {
        const helper = byName.get(call[1]!);
        if (!helper || helper === d || seen.has(helper.name)) continue;
        seen.add(helper.name);
        for (const option of reads(helper, seen)) all.add(option);
      }
      return all;
    };
    const runner = byName.get(command.run.export);
    if (runner !== undefined && /\brun\(ctx\)/.test(runner.body)) found.set(command.name, reads(runner, new Set([runner.name])));
  }
  return found;
};

const usageOptions = (usage: string): Set<string> => new Set([...usage.matchAll(/--([a-z0-9-]+)/g)].map((m) => m[1]!));

describe('every command takes exactly the options its usage names', () => {
  const reads = readsByCommand();

  it('the source of every command is found', () => {
    expect([...reads.keys()].sort()).toEqual(commands.map((c) => c.name).sort());
  });

  it.each(commands.map((c) => [c.name, c] as const))('%s: each option it reads is in its usage, each in its usage is read', (name, command) => {
    const listed = usageOptions(command.usage);
    const read = reads.get(name)!;
    const notListed = [...read].filter((o) => !GLOBAL.has(o) && !listed.has(o));
    const neverRead = [...listed].filter((o) => !GLOBAL.has(o) && !read.has(o));
    const flagsNotListed = command.options.filter((o) => o.takes === 'flag' && !listed.has(o.name)).map((o) => o.name);
    expect({ notListed, neverRead, flagsNotListed }).toEqual({ notListed: [], neverRead: [], flagsNotListed: [] });
    for (const option of read) expect(declaredOptions(command).has(option), `--${option}`).toBe(true);
  });

  // in-process (the option check is the first thing `main` does; game-correct.test.ts runs the real process)
  it('every option of a usage gets past the option check, any other is refused naming it', async () => {
    const db = path.join(tempDir('usage'), 'ledger.db');
    for (const command of commands) {
      const booleans = command.options.filter((o) => o.takes === 'flag').map((o) => o.name);
      const valued = [...usageOptions(command.usage)].filter((o) => !GLOBAL.has(o) && !booleans.includes(o));
      // the check names the first option it does not know: all of the usage's come before the one it must refuse
      const argv = [...command.name.split(' '), ...valued.flatMap((o) => [`--${o}`, 'x']), ...booleans.map((o) => `--${o}`), '--no-such-option', 'x', '--db', db];
      const r = await ledger(...argv);
      expect({ command: command.name, code: r.code, err: r.err.split(/[;(]/)[0]!.trim() }).toEqual({ command: command.name, code: 2, err: `ledger: unknown option --no-such-option for "${command.name}"` });
    }
    expect(fs.existsSync(db)).toBe(false);
  });
});
