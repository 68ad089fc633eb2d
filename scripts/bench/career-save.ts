/**
 * What the careers' read model costs a rebuild's save, part by part, and what a save that writes each player's
 * record once per change would take off it (issue 30: "the careers model's save is 31 % of the rebuild's samples").
 * The log is folded in memory as `ledger projections rebuild` folds it (list and careers models kept), then, CPU by
 * `process.cpuUsage`, the cheaper of two runs each:
 *  - today's save of the runs (src/app/career-model.ts): each run's engine inputs made (the event file built again),
 *    `JSON.stringify`, its fingerprint (`hash53`), then the rows inserted into a scratch file with today's tables
 *    (runs, and one row per name key of each run's players);
 *  - the list model's rows made as the same save makes them (every version of a slot, its record as JSON): the
 *    records a run holds are the slots' versions before it, so the list rows already hold each one;
 *  - the runs' text from the records' JSON the list rows made (each record made into JSON once per change), checked
 *    byte for byte equal to today's: what sharing the records would take off;
 *  - the parts of a run's text (the participants' records, the event file) and the name keys' rows, so that the
 *    bound of any re-encoding of them is known.
 *
 *   node dist/scripts/bench/career-save.js <ledger file>   (read only; scratch files in the temp directory, removed)
 *
 * Measured, not wired into any command.
 */
import type BetterSqlite3 from 'better-sqlite3';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { CareerModelRun } from '../../projections/fesa/career-model';
import { FesaProjection } from '../../projections/fesa/incremental';
import { hash53, listModelWrite } from '../../src/app/list-model';
import { readFacts } from '../../src/app/event-log';
import { TABLES } from '../../src/adapters/store/checkpoint-tables';
import { openSqliteStore } from '../../src/adapters/store/sqlite';

// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment
const Database: typeof BetterSqlite3 = require('better-sqlite3');

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cpuOf = <A>(f: () => A): { ms: number; out: A } => {
  const t0 = cpuMs();
  const out = f();
  return { ms: cpuMs() - t0, out };
};
/** The cheaper of two runs of `f` (the machine is shared: the first may pay for a collection the second does not). */
const cheaper = <A>(f: () => A): { ms: number; out: A } => {
  const a = cpuOf(f);
  const b = cpuOf(f);
  return b.ms < a.ms ? b : a;
};
const MB = (chars: number): string => `${(chars / 1e6).toFixed(1)} MB`;
const sealed = (json: string): string => `${hash53(json).toString(36)}|${json}`;

/** A run's JSON made as `JSON.stringify(inputs)` makes it, each record's JSON taken from `records` when it is there. */
const runText = (r: CareerModelRun, records: ReadonlyMap<FesaPlayer, string>, hits: { n: number; of: number }): string => {
  const { tournamentId, name, date, ruleSet, subList, subNew, event, players } = r.inputs;
  const json = (rs: readonly FesaPlayer[]): string => {
    const out: string[] = [];
    for (const record of rs) {
      const known = records.get(record);
      hits.of++;
      if (known !== undefined) hits.n++;
      out.push(known ?? JSON.stringify(record));
    }
    return `[${out.join(',')}]`;
  };
  return `{"tournamentId":${JSON.stringify(tournamentId)},"name":${JSON.stringify(name)},"date":${JSON.stringify(date)},"ruleSet":${JSON.stringify(ruleSet)},"subList":${json(subList)},"subNew":${json(subNew)},"event":${JSON.stringify(event)},"players":${JSON.stringify(players)}}`;
};

const scratchDb = (file: string): BetterSqlite3.Database => {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  for (const statement of TABLES('')) db.exec(statement);
  return db;
};

const main = async (): Promise<void> => {
  const file = process.argv[2];
  if (file === undefined || !fs.existsSync(file)) {
    console.error('usage: node dist/scripts/bench/career-save.js <ledger file>');
    process.exit(1);
  }
  const store = openSqliteStore(file, { mustExist: true });
  const projection = new FesaProjection({ checkpointEvery: 250, runs: 'none', listModel: true, careerModel: true });
  const folded = cpuMs();
  for await (const batch of readFacts(store, { fromPosition: 0 })) projection.apply(batch);
  const changes = projection.careerModelChanges();
  const listChanges = projection.listModelChanges();
  if (changes === undefined || listChanges === undefined) throw new Error('the projection kept no models');
  console.log(`fold (read, decode, rate, both models' journals): ${(cpuMs() - folded).toFixed(0)} ms CPU`);

  // today's runs, made once and held (the save makes each as it is inserted)
  const made = cpuOf(() => [...changes.runs]);
  const runs = made.out;
  const texts = cheaper(() => runs.map((r) => JSON.stringify(r.inputs)));
  const seals = cheaper(() => texts.out.map(sealed));
  let records = 0;
  let event = 0;
  let keyRows = 0;
  for (const r of runs) {
    records += JSON.stringify(r.inputs.subList).length + JSON.stringify(r.inputs.subNew).length;
    event += JSON.stringify(r.inputs.event).length;
    keyRows += new Set(r.keys).size;
  }
  const bytes = texts.out.reduce((n, t) => n + t.length, 0);
  const recordsAlone = cheaper(() => runs.map((r) => JSON.stringify(r.inputs.subList) + JSON.stringify(r.inputs.subNew)));
  const eventAlone = cheaper(() => runs.map((r) => JSON.stringify(r.inputs.event)));
  console.log(`runs: ${runs.length} (${MB(bytes)}: participants' records ${MB(records)}, event files ${MB(event)}), ${keyRows} name key rows`);
  console.log(`runs made (event files built): ${made.ms.toFixed(0)} ms CPU; JSON.stringify ${texts.ms.toFixed(0)} ms (the records alone ${recordsAlone.ms.toFixed(0)}, the event files alone ${eventAlone.ms.toFixed(0)}); hash53 ${seals.ms.toFixed(0)} ms`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'career-save-'));
  try {
    const inserts = (keyed: boolean): { runs: number; keys: number } => {
      const db = scratchDb(path.join(dir, 'careers.db'));
      try {
        const run = db.prepare('INSERT INTO rm_career_runs (rule_set, after, tournament_id, run) VALUES (?, ?, ?, ?)');
        const key = db.prepare('INSERT OR IGNORE INTO rm_career_run_keys (rule_set, name_key, after) VALUES (?, ?, ?)');
        const a = cpuOf(() => db.transaction(() => runs.forEach((r, i) => run.run('as-adopted', r.after, r.inputs.tournamentId, seals.out[i]!)))());
        const storedKey = (k: string): string => JSON.stringify(k.split('\u0000'));
        const b = keyed ? cpuOf(() => db.transaction(() => runs.forEach((r) => new Set(r.keys).forEach((k) => key.run('as-adopted', storedKey(k), r.after))))()) : { ms: 0 };
        return { runs: a.ms, keys: b.ms };
      } finally {
        db.close();
      }
    };
    const i1 = inserts(true);
    const i2 = inserts(true);
    const inserted = i1.runs + i1.keys < i2.runs + i2.keys ? i1 : i2;
    const today = made.ms + texts.ms + seals.ms + inserted.runs + inserted.keys;
    console.log(`inserts: runs ${inserted.runs.toFixed(0)} ms CPU, name key rows ${inserted.keys.toFixed(0)} ms CPU`);
    console.log(`today's careers' save: ${today.toFixed(0)} ms CPU`);

    // the list model's rows as the save makes them, each record's JSON kept by record (the cost of keeping it beside)
    const write = listModelWrite('as-adopted', 0, null, false, listChanges);
    const byRecord = new Map<FesaPlayer, string>();
    const versions = listChanges.versions.filter((v) => v.record !== undefined);
    const listRows = cpuOf(() => {
      let n = 0;
      for (const row of write.rows()) if (row.row !== null) n++;
      return n;
    });
    const kept = cpuOf(() => {
      // the same JSON the rows made (JSON.stringify of the same objects); kept here by record, as a shared save would
      for (const v of versions) byRecord.set(v.record!, JSON.stringify(v.record));
    });
    let keptChars = 0;
    for (const json of byRecord.values()) keptChars += json.length;
    const hits = { n: 0, of: 0 };
    const shared = cheaper(() => {
      hits.n = 0;
      hits.of = 0;
      return runs.map((r) => runText(r, byRecord, hits));
    });
    shared.out.forEach((t, i) => {
      if (t !== texts.out[i]) throw new Error(`run ${runs[i]!.inputs.tournamentId}: the text from the list rows' records is not today's`);
    });
    console.log(`list rows made (${listRows.out} versions with a record, their JSON and fingerprints): ${listRows.ms.toFixed(0)} ms CPU; their ${byRecord.size} records' JSON kept by record (${kept.ms.toFixed(0)} ms CPU here, made once with the rows in a shared save): ${MB(keptChars)}`);
    console.log(`runs' text from the list rows' records: ${shared.ms.toFixed(0)} ms CPU against JSON.stringify ${texts.ms.toFixed(0)} ms; ${hits.n} of ${hits.of} records found (${((100 * hits.n) / Math.max(1, hits.of)).toFixed(1)} %)`);
    console.log(`checked: the ${runs.length} runs' texts made from the list rows' records are today's, byte for byte (the same fingerprints, the same rows)`);
    // how often a run's record is one another run holds too, and what a record written as its changes from the same
    // slot's version before it would weigh (the bytes a delta-encoded career would save; its read folds each chain)
    const seen = new Set<FesaPlayer>();
    let repeated = 0;
    for (const r of runs) {
      for (const record of [...r.inputs.subList, ...r.inputs.subNew]) {
        if (seen.has(record)) repeated++;
        else seen.add(record);
      }
    }
    const previous = new Map<number, FesaPlayer>();
    let deltaChars = 0;
    let wholeChars = 0;
    for (const v of versions) {
      const was = previous.get(v.slot);
      previous.set(v.slot, v.record!);
      if (!seen.has(v.record!)) continue;
      const whole = byRecord.get(v.record!)!;
      wholeChars += whole.length;
      if (was === undefined) deltaChars += whole.length;
      else {
        const changed = Object.entries(v.record!).filter(([k, value]) => JSON.stringify(value) !== JSON.stringify((was as unknown as Record<string, unknown>)[k]));
        deltaChars += JSON.stringify(Object.fromEntries(changed)).length;
      }
    }
    console.log(`records in runs: ${seen.size} distinct, ${repeated} held by two runs or more; as changes from the same slot's version before: ${MB(deltaChars)} against ${MB(wholeChars)} whole`);
    const saved = texts.ms - shared.ms;
    const withoutKeys = inserted.keys;
    console.log(`shared records take ${saved.toFixed(0)} ms CPU off the careers' save (${((100 * saved) / today).toFixed(1)} % of it; the list rows' JSON made once); bounds: the records' JSON and fingerprint cost nothing ${(recordsAlone.ms + (seals.ms * records) / bytes).toFixed(0)} ms, the event files not saved ${(eventAlone.ms + (seals.ms * event) / bytes).toFixed(0)} ms + their part of the build, no name key rows ${withoutKeys.toFixed(0)} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
