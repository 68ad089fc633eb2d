import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/helpers';

/**
 * Every bench in scripts/bench/ runs here at a tiny scale, so none can rot unnoticed: each must exit 0 and print its
 * figures and the lines saying its own checks passed. Nothing here is timed — a bench's figures are never asserted,
 * only that it ran to its end on the log it claims to measure.
 */
const BENCH = path.resolve(__dirname, '../../../dist/scripts/bench');
const SOURCES = path.resolve(__dirname, '../../../scripts/bench');
/** Modules the benches share; not benches themselves. */
const LIBRARIES = ['synthetic-ledger.ts', 'first-and-warm.ts', 'bench-server.ts', 'engine-calls.ts', 'serve-process.ts', 'profile-summary.ts', 'partition-schedule.ts'];
const BENCH_TIMEOUT = 600_000;

const run = (script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}, nodeOptions: readonly string[] = []): Promise<{ code: number; out: string; err: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [...nodeOptions, path.join(BENCH, script), ...args], { env: { ...process.env, ...env }, maxBuffer: 64 << 20 }, (error, out, err) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out, err }),
    );
  });

const ran = new Set<string>();
const bench = async (script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}, nodeOptions: readonly string[] = []): Promise<string> => {
  ran.add(script.replace(/\.js$/, '.ts'));
  const result = await run(script, args, env, nodeOptions);
  expect(result.err.trim().split('\n').at(-1), `${script} ${args.join(' ')}`).not.toMatch(/Error|error:/);
  expect(result.code, `${script} ${args.join(' ')}: ${result.err}`).toBe(0);
  return result.out;
};

describe('the benches run to their end at a tiny scale (not timed)', () => {
  let dir: string;
  let small: string;
  let big: string;
  beforeAll(async () => {
    dir = tempDir('bench');
    small = path.join(dir, 'small.db');
    big = path.join(dir, 'big.db');
    // the synthetic ledgers the cli and http benches measure, written as the docs say
    expect(await bench('ledger.js', ['--scale', '0.0005', '--out', small])).toMatch(/: 620 events \(50 players, 10 tournaments of 20 players/);
    expect(await bench('ledger.js', ['--scale', '0.001', '--out', big])).toMatch(/: 1240 events \(100 players, 20 tournaments of 20 players/);
  }, BENCH_TIMEOUT);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('bench:ledger refuses to overwrite a ledger, and writes the same log as the history bench for one scale and seed', async () => {
    const again = await run('ledger.js', ['--scale', '0.001', '--out', big]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`${big} exists already`);
    const history = path.join(dir, 'history.db');
    await bench('history.js', [], { BENCH_SCALE: '0.001', BENCH_DB: history, BENCH_CHECKPOINT_EVERY: '5' });
    // the history bench appended its correction after the synthetic log: the log before it is bench:ledger's
    const checksum = (file: string, upTo: number) =>
      new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [path.resolve(__dirname, '../../../bin/ledger.js'), 'events', '--json', '--limit', String(upTo), '--db', file], { maxBuffer: 64 << 20 }, (e, out) => (e ? reject(e) : resolve(out.replace(/"recordedAt":\s*"[^"]*"/g, '')))),
      );
    expect(await checksum(history, 1240)).toBe(await checksum(big, 1240));
  }, BENCH_TIMEOUT);

  it('history: every figure checked against a rebuild of the corrected log, the floor printed, no -wal left', async () => {
    const file = path.join(dir, 'history-2.db');
    const out = await bench('history.js', [], { BENCH_SCALE: '0.001', BENCH_DB: file, BENCH_CHECKPOINT_EVERY: '5' });
    for (const line of [/^bare read of the log: 1240 events/m, /^full rebuild: .* list of 100 players$/m, /^corrected result in t19 /m, /^list as of a random date/m, /^checkpoint: saved/m, /^floor: .* on the rebuild's \d+ calls/m, /^profile of the rebuild \(self time, \d+ ms sampled\): .*FESA engine \(rating\) \d+ ms/m, /^heaviest functions: \S/m])
      expect(out).toMatch(line);
    expect(out).toMatch(/^checked: the rebuild read all 1240 events; the corrected list, 22 lists as of a date and the restart's list equal a rebuild of the corrected log; the engine alone gave the rebuild's \d+ results$/m);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  }, BENCH_TIMEOUT);

  it('cli: the cold-command table on a small and a big ledger, each answer repeated identically, then the writes', async () => {
    const out = await bench('cli.js', [small, big, '--runs', '1'], { BENCH_PLAYER: 'p12', BENCH_TOURNAMENT: 't1' });
    const rows = out.split('\n').filter((l) => /^\| `/.test(l));
    expect(rows.map((r) => r.split('|')[1]!.trim())).toEqual([
      '`list`',
      '`list --as-of 2010-01-01`',
      '`list --as-of 2010-01-01 --known-at <head>`',
      '`list --known-at <head - 1>`',
      '`list --as-of 1995-06-30 --known-at <middle>`',
      '`list --published bench`',
      '`history p12`',
      '`explain p12`',
      '`diff --published bench`',
      '`diff --rules fesa --rules fesa-published`',
      '`rerate --rules fesa-published --from 2017-01-01`',
      '`rerate --rules fesa-published --from 2024-12-01`',
      '`diff --rules fesa --rules fesa-published --player p12`',
      '`rerate --rules fesa-published --player p12`',
      '`rerate --rules fesa-published --from 2017-01-01 --player p12`',
      '`list --active-years 0`',
      '`tournament show t1`',
      '`write: player add`',
      '`write: tournament add`',
      '`write: game report`',
      '`write: game correct (with its consequences)`',
      '`write: tournament close (with its consequences)`',
      '`write: list publish (today\'s list, its models saved)`',
      '`write: fesa import (an event folder after the last tournament, with its consequences)`',
      '`write: fesa import (an event folder dated 2016, re-rating the ten years after it)`',
      '`write: submission add (that event folder dated 2016, checked)`',
      '`write: player balance (fide, with its consequences)`',
      '`write: player add (a second id of the same person)`',
      '`write: player merge (with its consequences)`',
      '`write: submission add (a TRF report, checked)`',
      '`write: submission show (its preview)`',
      '`write: submission approve (imported, with its consequences)`',
    ]);
    for (const row of rows) expect(row).toMatch(/\| \d+\.\d\d× \|$/);
  }, BENCH_TIMEOUT);

  it('cli --rules: a mixed ledger (one tournament in three under fide or gobase-go) read under fide, and a fide result corrected, small against big', async () => {
    const mixed = [path.join(dir, 'mixed-small.db'), path.join(dir, 'mixed-big.db')];
    expect(await bench('ledger.js', ['--scale', '0.0005', '--out', mixed[0]!, '--mixed'])).toMatch(/: 660 events \(50 players, 10 tournaments .*one tournament in three under fide or gobase-go\)/);
    await bench('ledger.js', ['--scale', '0.001', '--out', mixed[1]!, '--mixed']);
    const out = await bench('cli.js', [...mixed, '--runs', '1', '--rules', 'fide', '--only', 'list --rules fide', '--only', 'write: game correct in', '--only', 'write: then'], { BENCH_PLAYER: 'p12', BENCH_TOURNAMENT: 't1' });
    expect(out.split('\n').filter((l) => /^\| `/.test(l)).map((r) => r.split('|')[1]!.trim())).toEqual([
      '`list --rules fide`', '`list --rules fide --as-of 2010-01-01`',
      '`write: game correct in the last fide tournament (with its consequences)`', '`write: then list --rules fide`', '`write: then history --rules fide`',
    ]);
    // the server's player page after such a write, on the same ledgers (a correction a run)
    const page = await bench('page-after-write.js', [...mixed, '--runs', '1']);
    expect(page).toMatch(/^\/players\/p12 after a game correct in t\d+ \/ t\d+ \(fide\), fresh server, median of 1:$/m);
    expect(page).toMatch(/^big \/ small \d+\.\d+x \(goal <= 2x\); big peak \d+ MiB \(goal <= 1024 MiB\)$/m);
  }, BENCH_TIMEOUT);

  it('http: every route answers 200 on the small ledger', async () => {
    const out = await bench('http.js', [big], { BENCH_PLAYER: 'p12' });
    expect(out.split('\n').filter((l) => /^GET \/.*first \d+ ms, warm median/.test(l))).toHaveLength(12);
  }, BENCH_TIMEOUT);

  it('command-state: the deciders\' state of the small ledger, its memory measured after a full collection', async () => {
    const out = await bench('command-state.js', [big, '--mapped-bytes', '0'], {}, ['--expose-gc']);
    expect(out).toMatch(/^command state: .* \(mapped bytes 0\) up to position 1240: 100 players, 20 tournaments, 1000 reported games$/m);
    expect(out).toMatch(/^fold \d+ ms; heap used \d+ MiB -> \d+ MiB \(state -?\d+ MiB\), heap total \d+ MiB, external \d+ MiB; rss \d+ MiB -> \d+ MiB/m);
  }, BENCH_TIMEOUT);

  it('serve-load: both scales served under load, the ratios against the goals printed', async () => {
    const out = await bench('serve-load.js', [small, big, '--seconds', '1', '--readers', '2']);
    expect(out).toMatch(/^pages: big\/small req\/s \d+\.\d\d \(goal ≥ 0\.5\); big p99 \d+ ms/m);
    expect(out).toMatch(/^JSON: big\/small req\/s \d+\.\d\d \(goal ≥ 0\.5\); big p99 \d+ ms/m);
    expect(out).toMatch(/then a tournament's page \d+\.\d\d s, /);
    expect(out).toMatch(/^small .* pages: \d+ req\/s, .* non-2xx 0 \(answers of \d+ KiB \/ \d+ KiB \/ \d+ KiB \/ \d+ KiB\), server CPU \d+\.\d\d ms an answer, busy \d+%; JSON: /m);
  }, BENCH_TIMEOUT);

  it('http-load: no request failed, no result lost, the last list equals the CLI\'s', async () => {
    const out = await bench('http-load.js', ['--games', '20', '--readers', '2', '--players', '6']);
    expect(out).toMatch(/recorded GameReported events: 20 of 20; last list .* equals the CLI's: true/);
  }, BENCH_TIMEOUT);

  it('burst: writes while readers poll /health and today\'s list, the first reads after registrations, a long name and a comparison', async () => {
    const out = await bench('burst.js', ['--writes', '20', '--readers', '2', '--writers', '2', '--registrations', '5', '--long-name', '200']);
    expect(out).toMatch(/^\(1\) burst: 20 writes from 2 officers .* while 2 readers poll/m);
    expect(out.split('\n').filter((l) => /^ {4}\/.*: \d+ answers; p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms \(goal: p99 <= 100 ms: (met|NOT met)\)$/.test(l))).toHaveLength(2);
    expect(out).toMatch(/^ {4}recorded: 20 of 20 writes$/m);
    expect(out).toMatch(/^ {4}2 new clients connecting at once 1 s into the burst, their first \/health: 2 answers; p50 /m);
    expect(out).toMatch(/^ {4}the bench's own event loop .*: delay p99 [\d.]+ ms, max [\d.]+ ms$/m);
    expect(out).toMatch(/^ {4}answers slower than 100 ms: \d+/m);
    for (const line of [/^\(2\) 5 registrations: first GET /m, /^\(3\) a family name of 200 characters that played, then 20 registrations: (first GET|refused)/m, /^\(4\) first GET \/diff/m]) expect(out).toMatch(line);
    expect(out).toMatch(/^checked: every write recorded once, every read answered 200$/m);
  }, BENCH_TIMEOUT);

  it('fesa-process: bare node, --help and fesa run side by side through bin/ledger, with NODE_EXTRA_CA_CERTS and without it (the official program where it is installed gave the same list)', async () => {
    const ca = path.join(dir, 'extra-ca.pem');
    fs.writeFileSync(ca, '');
    const out = await bench('fesa-process.js', ['--runs', '1'], { NODE_EXTRA_CA_CERTS: ca });
    expect(out).toMatch(/^start-up bench: .*; environments: NODE_EXTRA_CA_CERTS=.*extra-ca\.pem; without NODE_EXTRA_CA_CERTS;/m);
    for (const environment of [`NODE_EXTRA_CA_CERTS=${ca}`, 'without NODE_EXTRA_CA_CERTS']) {
      expect(out).toContain(`  node -e 0 [${environment}]: mean `);
      expect(out).toMatch(new RegExp(`/bin/ledger --help \\[${environment.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\]: .*× bare node by the median`));
      expect(out).toContain(`/bin/ledger fesa run [${environment}]: mean `);
    }
    expect(out).toMatch(/fesa run \[without NODE_EXTRA_CA_CERTS\]: mean .* \(writes all\.txt, ratingliste\.post, turnering\.html\)/);
    const alone = await run('fesa-process.js', ['--runs', '1'], { NODE_EXTRA_CA_CERTS: undefined });
    expect(alone.code).toBe(0);
    expect(alone.out).toMatch(/environments: no NODE_EXTRA_CA_CERTS;/);
    expect(alone.out).toMatch(/\/bin\/ledger fesa run: mean .* \(writes all\.txt, ratingliste\.post, turnering\.html\)/);
  }, BENCH_TIMEOUT);

  it('fesa: the archive chain, the published files and the synthetic event', async () => {
    const out = await bench('fesa.js', [], { FESA_PROGRAM: '' });
    expect(out).toMatch(/^\(a\) 26-event archive chain/m);
    expect(out).toMatch(/^\(a2\) making the published files/m);
    expect(out).toMatch(/^\(b\) synthetic event .* passes to converge/m);
  }, BENCH_TIMEOUT);

  it('rules: every rule set over the football history', async () => {
    const out = await bench('rules.js', ['--runs', '1']);
    for (const id of ['gobase-go', 'fide', 'uscf-k', 'pan-atlantic', 'fesa']) expect(out).toContain(id);
  }, BENCH_TIMEOUT);

  it('store: appends and reads every event back (SQLite, and PostgreSQL where the test cluster runs)', async () => {
    const out = await bench('store.js', [], { LEDGER_BENCH_EVENTS: '3000', LEDGER_BENCH_BATCH: '500' });
    expect(out).toMatch(/^\| sqlite +\| +[\d,]+ \| +[\d,]+ \|/m);
  }, BENCH_TIMEOUT);

  it('esdb-id-index: the index of 3,000 ids', async () => {
    const out = await bench('esdb-id-index.js', [], { LEDGER_BENCH_EVENTS: '3000' }, ['--expose-gc']);
    expect(out).toMatch(/MB/);
  }, BENCH_TIMEOUT);

  it('two-servers: no answer of the second server missed a result the first acknowledged (where the test cluster runs)', async () => {
    const out = await bench('two-servers.js', ['--games', '20', '--players', '6']);
    if (process.env.LEDGER_TEST_PG_URL) expect(out).toMatch(/no answer of B missed a result A had acknowledged, checked for all \d+\)$/m);
    else expect(out).toMatch(/^two-servers bench: skipped/);
  }, BENCH_TIMEOUT);

  it('pages: every page answers as a browser asks for it (text/html) on the small ledger', async () => {
    const out = await bench('pages.js', [big]);
    expect(out).toMatch(/^pages bench: .* \(1240 events\)/m);
    expect(out.split('\n').filter((l) => /^GET \/.* \(text\/html\): \d+ bytes; first \d+ ms, warm median/.test(l)).length).toBeGreaterThanOrEqual(10);
  }, BENCH_TIMEOUT);

  it('audit: upgrade, export, verify and import of the small ledger as whole processes, and the cost of hashing on append', async () => {
    const out = await bench('audit.js', [big, '--append-events', '2000']);
    expect(out).toMatch(/^audit bench: a copy of .*, 1240 events/m);
    expect(out).toMatch(/^ledger export --jsonl: .* events\/s/m);
    expect(out).toMatch(/^ledger verify: .* 1240 events chained; 0 of 0 published lists reproduced; head: position \d+, hash [0-9a-f]{64}$/m);
    expect(out).toMatch(/^ledger import --jsonl \(into an empty SQLite\): .* events\/s/m);
  }, BENCH_TIMEOUT);

  it('parallel: the history rated on worker threads gives the rebuild\'s records; the simulation covers 1 to 32 workers', async () => {
    const out = await bench('parallel.js', [big], { BENCH_WORKERS: '2' });
    expect(out).toMatch(/^parallel rating bench: .*: 1240 events, 20 tournaments rated, \d+ dependencies/m);
    expect(out.split('\n').filter((l) => /^simulated +\d+ workers \+ dispatcher: \d+ ms/.test(l))).toHaveLength(4);
    expect(out).toMatch(/^measured 2 worker threads .*: \d+ ms/m);
    expect(out).toMatch(/^checked: every one of the 20 tournaments rated on a worker gave the records the rebuild got$/m);
  }, BENCH_TIMEOUT);

  it('partition: workers owning their records rate the history as the rebuild did; P=1 is the rebuild it measured', async () => {
    const out = await bench('partition.js', [big], { BENCH_WORKERS: '2' });
    expect(out).toMatch(/^partition bench: .*: 1240 events; load/m);
    const rebuild = /^bare read \d+ ms; full rebuild \(faster of 2\) (\d+) ms/m.exec(out)?.[1];
    expect(rebuild).toBeDefined();
    // the split read throws unless its readers together read every event the rebuild read
    expect(out).toMatch(/^read\+decode split over 2 worker threads .*: \d+ ms against \d+ ms in one thread/m);
    expect(out).toMatch(/^20 tournaments; the engine alone \d+ ms/m);
    const rows = out.split('\n').filter((l) => /^P=/.test(l));
    expect(rows.map((r) => /^P= ?(\d+) (\w+)/.exec(r)!.slice(1).join(' '))).toEqual(['1 greedy', '2 greedy', '2 clusters', '8 greedy', '8 clusters', '32 greedy', '32 clusters']);
    // one worker moves nothing and its whole rebuild is the sequential rebuild the bench timed
    expect(rows[0]).toContain(': 0 of 20 tournaments span workers, 0 records moved in 0 messages;');
    expect(rows[0]).toContain(`whole rebuild ${rebuild} ms`);
    expect(out).toMatch(/^measured 2 worker threads owning their records .*: \d+ ms against \d+ ms/m);
    expect(out).toMatch(/^checked: the recording rebuild gave the timed rebuild's list of 100; every one of the 20 tournaments rated on a worker gave the records the rebuild got$/m);
  }, BENCH_TIMEOUT);

  it('rated-tournament: an EGD and a TRF tournament imported into the small ledger, each route first and warm', async () => {
    const file = path.join(dir, 'rated.db');
    fs.copyFileSync(small, file);
    const fixtures = path.resolve(__dirname, '../../fixtures');
    const cli = (...argv: string[]) =>
      new Promise<void>((resolve, reject) => execFile(process.execPath, [path.resolve(__dirname, '../../../bin/ledger.js'), ...argv, '--db', file], (e) => (e ? reject(e) : resolve())));
    await cli('egd', 'import', path.join(fixtures, 'egd', 'opengotha-tournoi-de-juvisy.h9'), '--tournament', 'juv');
    await cli('trf', 'import', path.join(fixtures, 'trf', 'grandmommyscup.trf'), '--tournament', 'gm');
    const out = await bench('rated-tournament.js', [file, 'juv', 'gm']);
    for (const route of ['/tournaments/juv', '/tournaments/gm', '/tournaments/juv (page)', '/tournaments/gm (page)']) expect(out).toContain(`GET ${route}: `);
    expect(out).toMatch(/^checked: juv, gm answered as tournaments under other rule sets/m);
  }, BENCH_TIMEOUT);

  it('fold-encoding: the encoding gives back every fact of the log, and a rebuild from it the same list', async () => {
    const file = path.join(dir, 'encoded.db');
    fs.copyFileSync(big, file);
    const out = await bench('fold-encoding.js', [file], { BENCH_REBUILD: '1' });
    expect(out).toMatch(/^checked: 1240 facts equal the log's\. Bare read \d+ ms; the encoding read back into decoded facts \d+ ms/m);
    expect(out).toMatch(/^FESA rebuild .*: from the encoding \d+ ms = [\d.]+x the bare read, from the log \d+ ms = [\d.]+x; the same list;/m);
    // the encoding is removed with the run: a droppable copy, never left beside the ledger
    expect(fs.existsSync(`${file}.facts`)).toBe(false);
  }, BENCH_TIMEOUT);

  it('list-blocks: the list model a rebuild saved, written as rows and compact, gives the same lists both ways; the ledger is only read', async () => {
    // a ledger of its own, as the ledger bench writes it: the other benches above save models into theirs
    const file = path.join(dir, 'blocks.db');
    await run('ledger.js', ['--scale', '0.001', '--out', file]);
    // without a saved model it says what to run first
    const none = await run('list-blocks.js', [file]);
    expect(none.code).toBe(1);
    expect(none.err).toContain(`no list model of format`);
    await new Promise<void>((resolve, reject) => execFile(process.execPath, [path.resolve(__dirname, '../../../bin/ledger.js'), 'projections', 'rebuild', '--db', file], (e) => (e ? reject(e) : resolve())));
    const before = fs.readFileSync(file);
    const out = await bench('list-blocks.js', [file]);
    expect(out).toMatch(/^list model of as-adopted: \d+ row versions of 100 slots/m);
    expect(out).toMatch(/^save, rows \(one per version, 5 indexes\): \d+ ms CPU, .* compact \(one value per slot, 3 indexes\): values made \d+ ms \+ inserts \d+ ms = \d+ ms CPU, .* compact\/rows [\d.—]+ \(CPU\)$/m);
    expect(out.match(/^list as of \d{4}-\d\d-\d\d, active since .*: [1-9]\d* players; rows \d+ ms CPU, compact \d+ ms CPU = /gm)).toHaveLength(3);
    expect(out).toMatch(/^checked: the compact model gives the same 3 lists as the saved rows/m);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }, BENCH_TIMEOUT);

  it("career-save: the careers' save part by part; the runs made from the list rows' records are today's byte for byte; the ledger is only read", async () => {
    const file = path.join(dir, 'career-save.db');
    await run('ledger.js', ['--scale', '0.001', '--out', file]);
    const before = fs.readFileSync(file);
    const out = await bench('career-save.js', [file]);
    expect(out).toMatch(/^runs: 20 \([\d.]+ MB: participants' records [\d.]+ MB, event files [\d.]+ MB\), 400 name key rows$/m);
    expect(out).toMatch(/^today's careers' save: \d+ ms CPU$/m);
    expect(out).toMatch(/^checked: the 20 runs' texts made from the list rows' records are today's, byte for byte/m);
    expect(out).toMatch(/^records in runs: 400 distinct, 0 held by two runs or more; /m);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await run('career-save.js', [path.join(dir, 'no-such.db')])).code).toBe(1);
  }, BENCH_TIMEOUT);

  it('every bench in scripts/bench/ is run above', () => {
    const benches = fs.readdirSync(SOURCES).filter((f) => f.endsWith('.ts') && !LIBRARIES.includes(f)).sort();
    expect([...ran].sort()).toEqual(benches);
  });
});
