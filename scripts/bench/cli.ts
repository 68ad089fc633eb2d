/**
 * What an officer's commands cost as the history grows, each a fresh process as typed at a shell, on a small and a
 * big ledger side by side, with each BIG/SMALL ratio (the goal: at most 2× from a thousand to a million games).
 *
 *   npm run build && npm run bench:ledger -- --scale 0.001 --out small.db && npm run bench:ledger -- --scale 1 --out big.db
 *   node dist/scripts/bench/cli.js small.db big.db [--runs N] [--only PREFIX]… [--rules ID]…  (or postgres://… for either)
 *
 * Each SQLite ledger is copied first (the bench writes to it); a PostgreSQL one is used in place. On each the bench
 * publishes a list (`list publish --id bench`, for `diff --published`), corrects a game of the last tournament it
 * holds (so that something changed since) and saves the projections
 * (`projections rebuild`, both rule sets), then runs every command once untimed (whatever a command saves on its
 * first run is saved before the timing, as it would be on a ledger in use) and N times timed, alternating between the
 * two ledgers so a busy machine slows both alike. Wall time is the median of the timed runs; peak memory comes from
 * GNU time where /usr/bin/time exists. A command must exit 0, print something, and print the same bytes every time
 * (its first run included), or the bench stops: a table of errors is no measurement.
 *
 * `--only PREFIX` (repeatable) times only the commands whose label starts with one of them (e.g. `--only list`).
 * `--rules ID` (repeatable) adds the same reads under that rule set (`list --rules ID`, dated, `history`, `explain`):
 * on ledgers written with `npm run bench:ledger -- --mixed`, whose tournaments are under fide and gobase-go too.
 *
 * Env: BENCH_PLAYER (default p12), BENCH_TOURNAMENT (default t1), BENCH_AS_OF (default 2010-01-01): they must exist
 * in both ledgers (the synthetic ledgers of any scale above 0.0002 have them).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { lastTournamentUnder } from './synthetic-ledger';

const bin = path.resolve(__dirname, '../../../bin/ledger.js');
const gnuTime = fs.existsSync('/usr/bin/time');

interface Run {
  readonly seconds: number;
  readonly peakMiB: number | undefined;
  readonly stdout: string;
}

const ledger = (args: readonly string[], spec: string): Run => {
  const argv = [bin, ...args, '--store', spec];
  const t0 = process.hrtime.bigint();
  const run = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const stderr = run.stderr ?? '';
  if (run.status !== 0) throw new Error(`ledger ${args.join(' ')} on ${spec}: exit ${run.status}: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  const peakMiB = gnuTime ? Number(stderr.trim().split('\n').at(-1)) / 1024 : undefined;
  return { seconds, peakMiB, stdout: run.stdout };
};

/** The ledger the bench may write to: a copy of a SQLite file (in `dir`), or the PostgreSQL one itself. */
const prepare = (source: string, dir: string, name: string): string => {
  if (/^postgres(ql)?:/.test(source)) return source;
  const file = path.join(dir, `${name}.db`);
  if (!fs.existsSync(source)) throw new Error(`${source}: no such ledger (write one with npm run bench:ledger -- --scale S --out FILE)`);
  fs.copyFileSync(source, file);
  return `sqlite:${file}`;
};

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The writes, each run recording a new fact (a write repeated is a no-op, which costs what a refusal costs): run r
 * registers player wr<r>, a tournament wt<r> with a game between him and `player`, corrects that game, closes the
 * tournament. `game correct` and `tournament close` also fold the log for their consequences (the ratings they
 * change); `game report` into an open tournament changes no rating and folds nothing. Labels start with "write".
 */
const officerWrites = (player: string): [string, (r: number) => string[]][] => [
  ['write: player add', (r) => ['player', 'add', '--id', `wr${r}`, '--family', `Writer${r}`, '--given', 'Bench', '--country', 'NO']],
  ['write: tournament add', (r) => ['tournament', 'add', '--id', `wt${r}`, '--name', 'Bench writes', '--start', '2030-01-01']],
  ['write: game report', (r) => ['game', 'report', '--tournament', `wt${r}`, '--game', 'g1', '--round', '1', '--first', `wr${r}`, '--second', player, '--result', 'win']],
  ['write: game correct (with its consequences)', (r) => ['game', 'correct', '--tournament', `wt${r}`, '--game', 'g1', '--result', 'draw', '--reason', 'bench']],
  ['write: tournament close (with its consequences)', (r) => ['tournament', 'close', '--id', `wt${r}`]],
];

/** Run r publishes today's list as wl<r>, after `officerWrites` (its models then catch up with their closures). */
const publishWrites: [string, (r: number) => string[]][] = [['write: list publish (today\'s list, its models saved)', (r) => ['list', 'publish', '--id', `wl${r}`, '--as-of', '2030-01-02', '--out', os.devNull]]];

/**
 * The writes that reach the whole ledger, timed after the others (all their runs): a merge recorded after the saved
 * checkpoint makes every later comparison and list fold from the start until a read saves the checkpoint again,
 * which would time the next run's closure or publication as a whole fold. Run r gives wr<r> a fide opening balance,
 * registers a second id wm<r> and merges it into wr<r>.
 */
const ledgerWideWrites: [string, (r: number) => string[]][] = [
  // dated today: after the bench ledgers' last tournament (their 30 years end in 2024), and a balance may not be dated later
  ['write: player balance (fide, with its consequences)', (r) => ['player', 'balance', '--id', `wr${r}`, '--rules', 'fide', '--rating', '1800', '--date', new Date().toISOString().slice(0, 10), '--reason', 'bench']],
  ['write: player add (a second id of the same person)', (r) => ['player', 'add', '--id', `wm${r}`, '--family', `Writer${r}`, '--given', 'Twin', '--country', 'NO']],
  ['write: player merge (with its consequences)', (r) => ['player', 'merge', `wr${r}`, `wm${r}`, '--reason', 'bench', '--date', '2030-01-02']],
];

/**
 * An organiser's TRF report (the fixture grandmommyscup, 249 players, under fide-2024) submitted, previewed and
 * approved, run r as tournament ws<r>: each run's file is named anew in its 012 record, since the same tournament
 * imported again under another id is refused.
 */
const submissionWrites = (dir: string): [string, (r: number) => string[]][] => {
  const report = fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures/trf/grandmommyscup.trf'), 'utf8');
  const fileOf = (r: number): string => {
    const file = path.join(dir, `ws${r}.trf`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, report.replace(/^012 .*$/m, `012 Bench submission ${r}`));
    return file;
  };
  return [
    ['write: submission add (a TRF report, checked)', (r) => ['submission', 'add', fileOf(r), '--format', 'trf', '--tournament', `ws${r}`]],
    ['write: submission show (its preview)', (r) => ['submission', 'show', `ws${r}-1`]],
    ['write: submission approve (imported, with its consequences)', (r) => ['submission', 'approve', `ws${r}-1`, '--reason', 'bench']],
  ];
};

/**
 * The club's first event (shared/data/fesa-nekomado/01_1st_nekomadoken: turnering.txt and nye-spillere, 17 new
 * players, no pre list) as an officer imports it and as an organiser submits it: dated after every tournament, and
 * dated 2016-04-29 inside the synthetic history (a late report: the ten years after it are folded again). Run r's
 * folders are named and its players renamed anew (W<r>pastN2 …), since the same event again is recorded already.
 */
const fesaFolderWrites = (dir: string): [string, (r: number) => string[]][] => {
  const source = path.resolve(__dirname, '../../../../shared/data/fesa-nekomado/01_1st_nekomadoken');
  const folderOf = (r: number, kind: string, date: string): string => {
    const folder = path.join(dir, `fesa-${kind}-${r}`, `${kind}_${r}_nekomadoken`);
    if (!fs.existsSync(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      const results = fs.readFileSync(path.join(source, 'turnering.txt'), 'utf8').replace(/^\[\d{4}-\d\d-\d\d\]$/m, `[${date}]`);
      fs.writeFileSync(path.join(folder, 'turnering.txt'), results.replace(/\[N(\d+)\]/g, `[W${r}${kind}N$1]`));
      fs.writeFileSync(path.join(folder, 'nye-spillere'), fs.readFileSync(path.join(source, 'nye-spillere'), 'utf8').replace(/"N(\d+)"/g, `"W${r}${kind}N$1"`));
    }
    return folder;
  };
  return [
    ['write: fesa import (an event folder after the last tournament, with its consequences)', (r) => ['fesa', 'import', folderOf(r, 'late', '2031-03-01')]],
    ['write: fesa import (an event folder dated 2016, re-rating the ten years after it)', (r) => ['fesa', 'import', folderOf(r, 'past', '2016-04-29')]],
    ['write: submission add (that event folder dated 2016, checked)', (r) => {
      const folder = folderOf(r, 'sub', '2016-04-29');
      return ['submission', 'add', path.join(folder, 'turnering.txt'), path.join(folder, 'nye-spillere')];
    }],
  ];
};

/**
 * A correction of a game in the last tournament rated under `ruleSet` (`tournaments`: its id on each ledger, by
 * ruleSetOfTournament of the synthetic ledger), then that rule set's list: what an officer correcting a late result of
 * a fide tournament waits for, the write's consequences and the first reads after it, `player`'s history under it
 * last (the non-FESA models are folded again from their cut, src/app/rule-set-fold-cut.ts).
 */
const ruleSetWrites = (ruleSet: string, player: string, tournaments: () => readonly string[]): [string, (r: number, ledger: number) => string[]][] => [
  [`write: game correct in the last ${ruleSet} tournament (with its consequences)`, (r, i) => ['game', 'correct', '--game', '1-0', '--tournament', tournaments()[i]!, '--result', r % 2 === 0 ? 'draw' : 'loss', '--reason', 'bench']],
  [`write: then list --rules ${ruleSet}`, () => ['list', '--rules', ruleSet, '--format', 'csv']],
  // the careers model spliced at the same cut (rule-set-career-model.ts), the list models at the head already
  [`write: then history --rules ${ruleSet}`, () => ['history', player, '--rules', ruleSet, '--json']],
];

/** The last tournament each ledger rates under `ruleSet` (a mixed synthetic ledger's). */
const lastTournamentOf = (ruleSet: string, spec: string): string => lastTournamentUnder(ledger(['tournament', 'list', '--json'], spec).stdout, ruleSet, spec);

const timeWrites = (ledgers: readonly string[], runs: number, only: readonly string[], writes: readonly [string, (r: number, ledger: number) => string[]][]): string[][] => {
  const selected = only.length === 0 || writes.some(([label]) => only.some((prefix) => label.startsWith(prefix)));
  if (!selected) return [];
  // every write of a run in order on both ledgers: each needs the facts of the one before; run 0 is untimed
  const timed = new Map(writes.map(([label]) => [label, [[], []] as Run[][]]));
  for (let r = 0; r <= runs; r++)
    for (const [label, argvOf] of writes)
      ledgers.forEach((spec, i) => {
        const run = ledger(argvOf(r, i), spec);
        if (r > 0) timed.get(label)![i]!.push(run);
      });
  return writes.map(([label]) => {
    const [small, big] = timed.get(label)!.map((t) => median(t.map((run) => run.seconds)));
    const peaks = timed.get(label)!.map((t) => (gnuTime ? `${Math.max(...t.map((run) => run.peakMiB!)).toFixed(0)} MiB` : '—'));
    console.log(`  ${label}: SMALL ${small!.toFixed(2)} s, BIG ${big!.toFixed(2)} s, ratio ${(big! / small!).toFixed(2)}x`);
    return [`\`${label}\``, `${small!.toFixed(2)} s`, peaks[0]!, `${big!.toFixed(2)} s`, peaks[1]!, `${(big! / small!).toFixed(2)}×`];
  });
};

const main = async (): Promise<void> => {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
  const only: string[] = [];
  for (let at = args.indexOf('--only'); at >= 0; at = args.indexOf('--only')) only.push(args.splice(at, 2)[1] ?? '');
  const ruleSets: string[] = [];
  for (let at = args.indexOf('--rules'); at >= 0; at = args.indexOf('--rules')) ruleSets.push(args.splice(at, 2)[1] ?? '');
  const [small, big] = args;
  if (!small || !big || !(runs >= 1)) throw new Error('usage: node dist/scripts/bench/cli.js SMALL BIG [--runs N] [--only PREFIX]… [--rules ID]…   (SQLite files or postgres://…)');
  const player = process.env.BENCH_PLAYER ?? 'p12';
  const tournament = process.env.BENCH_TOURNAMENT ?? 't1';
  const asOf = process.env.BENCH_AS_OF ?? '2010-01-01';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cli-'));
  try {
    const ledgers = [prepare(small, dir, 'small'), prepare(big, dir, 'big')];
    const heads: number[] = [];
    for (const spec of ledgers) {
      ledger(['list', 'publish', '--id', 'bench', '--as-of', asOf], spec);
      // a late correction after the publication (a game of the last tournament the published list holds): what
      // changed since it is not nothing
      const tournaments = JSON.parse(ledger(['tournament', 'list', '--json'], spec).stdout) as { id: string; end: string }[];
      const late = tournaments.filter((t) => t.end <= asOf).at(-1);
      if (late === undefined) throw new Error(`${spec}: no tournament ends by ${asOf}`);
      ledger(['game', 'correct', '--game', '1-0', '--tournament', late.id, '--result', 'draw', '--reason', 'bench: a late correction'], spec);
      // the number of events: the head position in a SQLite log (positions from 1, no gaps), a position within it elsewhere
      const count = Number(/^(\d+) events/.exec(ledger(['checksum'], spec).stdout)?.[1]);
      if (!(count > 0)) throw new Error(`${spec}: ledger checksum printed no event count`);
      heads.push(count);
    }
    console.log(`cli bench: SMALL ${small} (${heads[0]} events), BIG ${big} (${heads[1]} events); ${runs} timed run(s) each after one untimed; load average ${os.loadavg()[0]!.toFixed(2)}`);
    const preparation: [string, string[]][] = [
      ['projections rebuild', ['projections', 'rebuild']],
      ['projections rebuild --rules fesa-published', ['projections', 'rebuild', '--rules', 'fesa-published']],
    ];
    for (const [label, argv] of preparation) {
      const times = ledgers.map((spec) => ledger(argv, spec));
      console.log(`  ${label} (before the table): SMALL ${times[0]!.seconds.toFixed(2)} s, BIG ${times[1]!.seconds.toFixed(2)} s`);
    }
    const commands: [string, (head: number) => string[]][] = [
      ['list', () => ['list', '--format', 'csv']],
      [`list --as-of ${asOf}`, () => ['list', '--as-of', asOf, '--format', 'csv']],
      [`list --as-of ${asOf} --known-at <head>`, (head) => ['list', '--as-of', asOf, '--known-at', String(head), '--format', 'csv']],
      // before the late correction; and half way through the log, where the synthetic ledger's lists stop at an event
      // that does not settle from 1995-08 on (the repairs are recorded last), so a list of before then
      ['list --known-at <head - 1>', (head) => ['list', '--known-at', String(head - 1), '--format', 'csv']],
      ['list --as-of 1995-06-30 --known-at <middle>', (head) => ['list', '--as-of', '1995-06-30', '--known-at', String(Math.floor(head / 2)), '--format', 'csv']],
      ['list --published bench', () => ['list', '--published', 'bench']],
      [`history ${player}`, () => ['history', player, '--json']],
      [`explain ${player}`, () => ['explain', player, '--json']],
      ['diff --published bench', () => ['diff', '--published', 'bench', '--json']],
      ['diff --rules fesa --rules fesa-published', () => ['diff', '--rules', 'fesa', '--rules', 'fesa-published', '--json']],
      // a second rerate reads both saved models from --from on, and both whole lists: beside it, one whole list
      ['rerate --rules fesa-published --from 2017-01-01', () => ['rerate', '--rules', 'fesa-published', '--from', '2017-01-01']],
      ['rerate --rules fesa-published --from 2024-12-01', () => ['rerate', '--rules', 'fesa-published', '--from', '2024-12-01']],
      // the same second calls for one player (issue 30): his rows of both saved models, an answer of the same size
      [`diff --rules fesa --rules fesa-published --player ${player}`, () => ['diff', '--rules', 'fesa', '--rules', 'fesa-published', '--player', player, '--json']],
      [`rerate --rules fesa-published --player ${player}`, () => ['rerate', '--rules', 'fesa-published', '--player', player]],
      [`rerate --rules fesa-published --from 2017-01-01 --player ${player}`, () => ['rerate', '--rules', 'fesa-published', '--from', '2017-01-01', '--player', player]],
      ['list --active-years 0', () => ['list', '--active-years', '0', '--format', 'csv']],
      [`tournament show ${tournament}`, () => ['tournament', 'show', tournament, '--json']],
      ...ruleSets.flatMap((id): [string, () => string[]][] => [
        [`list --rules ${id}`, () => ['list', '--rules', id, '--format', 'csv']],
        [`list --rules ${id} --as-of ${asOf}`, () => ['list', '--rules', id, '--as-of', asOf, '--format', 'csv']],
        [`history ${player} --rules ${id}`, () => ['history', player, '--rules', id, '--json']],
        [`explain ${player} --rules ${id}`, () => ['explain', player, '--rules', id, '--json']],
      ]),
    ];
    const rows: string[][] = [];
    for (const [label, argvOf] of commands) {
      if (only.length > 0 && !only.some((prefix) => label.startsWith(prefix))) continue;
      const argvs = ledgers.map((_, i) => argvOf(heads[i]!));
      const firsts = ledgers.map((spec, i) => ledger(argvs[i]!, spec));
      firsts.forEach((first, i) => {
        if (first.stdout.trim() === '') throw new Error(`ledger ${argvs[i]!.join(' ')} printed nothing on ${ledgers[i]}`);
      });
      const timed: Run[][] = [[], []];
      for (let r = 0; r < runs; r++)
        ledgers.forEach((spec, i) => {
          const run = ledger(argvs[i]!, spec);
          if (run.stdout !== firsts[i]!.stdout) throw new Error(`ledger ${argvs[i]!.join(' ')} printed another answer on run ${r + 2} than on its first on ${ledgers[i]}`);
          timed[i]!.push(run);
        });
      const seconds = timed.map((t) => median(t.map((run) => run.seconds)));
      const peaks = timed.map((t) => (gnuTime ? `${Math.max(...t.map((run) => run.peakMiB!)).toFixed(0)} MiB` : '—'));
      rows.push([`\`${label}\``, `${seconds[0]!.toFixed(2)} s`, peaks[0]!, `${seconds[1]!.toFixed(2)} s`, peaks[1]!, `${(seconds[1]! / seconds[0]!).toFixed(2)}×`]);
      console.log(`  ${label}: SMALL ${seconds[0]!.toFixed(2)} s, BIG ${seconds[1]!.toFixed(2)} s, ratio ${(seconds[1]! / seconds[0]!).toFixed(2)}x`);
    }
    rows.push(...timeWrites(ledgers, runs, only, officerWrites(player)), ...timeWrites(ledgers, runs, only, publishWrites), ...timeWrites(ledgers, runs, only, fesaFolderWrites(dir)), ...timeWrites(ledgers, runs, only, ledgerWideWrites), ...timeWrites(ledgers, runs, only, submissionWrites(dir)));
    for (const id of ruleSets) {
      // found when a write asks for them (tournament list: 20,000 tournaments at scale 1)
      let tournaments: string[] | undefined;
      rows.push(...timeWrites(ledgers, runs, only, ruleSetWrites(id, player, () => (tournaments ??= ledgers.map((spec) => lastTournamentOf(id, spec))))));
    }
    console.log('');
    console.log('| command (fresh process) | SMALL | SMALL peak | BIG | BIG peak | BIG / SMALL (goal ≤ 2×) |');
    console.log('|---|--:|--:|--:|--:|--:|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
