/**
 * History as a fold, at federation scale: a synthetic FESA ledger (default 100,000 players, 1,000,000 games,
 * 20,000 tournaments over 30 years; BENCH_SCALE=0.1 for a tenth) in SQLite, then
 *  - bare reads of the log (whole events, and only what a fold reads of them), and a full rebuild (read, decode,
 *    rate, project) with its ratio to both;
 *  - where the rebuild's time goes (a profile summary: self time by part of the ledger, the heaviest functions);
 *  - peak memory (maxRSS);
 *  - a corrected result one year before the end: append, read the new event, re-fold from the checkpoint, list;
 *  - the list as of random dates, warm;
 *  - the checkpoint a CLI command resumes from: saved, a restart from it, a list after the restart;
 *  - the floor no rebuild of this log goes below with this engine: the bare read plus the FESA engine alone, run
 *    again on exactly the inputs a rebuild gave it (what decoding, collecting and projecting cost is left out).
 *
 *   npm run build && node --max-old-space-size=1400 dist/scripts/bench/history.js   (the working set fits in 1.4 GiB of heap;
 *   a larger limit only lets V8 collect later and shows a higher peak RSS)
 *
 * Every figure is checked against the rebuild it claims to measure: the rebuild read every event the bare read did;
 * the corrected list, each list as of a date and the list after the restart are those a full rebuild of the corrected
 * log gives (a second rebuild, the one the floor records); the engine alone gives the results it gave in that rebuild.
 * A figure that fails its check ends the bench with an error instead of being printed as a result.
 *
 * Env: BENCH_PROFILE=0 (no profile of the rebuild), BENCH_SCALE (default 1), BENCH_DB (default a temp file, removed at the end; an existing ledger is reused — write
 * one with `npm run bench:ledger -- --scale S --out FILE`), BENCH_CHECKPOINT_EVERY (default 250), BENCH_SEED.
 */
import { createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { DomainEvent } from '../../domain/events';
import { tournamentStream } from '../../domain/events';
import type { FesaFold, FoldError } from '../../projections/fesa/history';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import { FesaProjection } from '../../projections/fesa/incremental';
import { readFacts, toNewEvent } from '../../src/app/event-log';
import { resumeProjection, saveCheckpoint } from '../../src/app/checkpoint';
import { hashAt } from '../../src/app/chain';
import { sqliteCheckpoints } from '../../src/adapters/store/checkpoint-storage';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { EventStore } from '../../src/app/ports/event-store';
import { profiled } from './profile-summary';
import { DAYS, DEFAULT_SEED, ROUNDS, YEARS, dayOf, prng, shapeOf, writeSyntheticLedger } from './synthetic-ledger';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const shape = shapeOf(scale);
const EVERY = Number(process.env.BENCH_CHECKPOINT_EVERY ?? '250');
const seed = Number(process.env.BENCH_SEED ?? DEFAULT_SEED);
// the dates the as-of lists are asked for: a PRNG of their own, so a reused ledger is asked the same dates
const random = prng(seed ^ 0x5eed);
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** A list reduced to a digest, so the lists a figure produced can be held until the rebuild that checks them. */
const digest = (fold: E.Either<FoldError, FesaFold>): string => {
  if (E.isLeft(fold)) throw new Error(fold.left.message);
  return createHash('sha256').update(JSON.stringify(fold.right.list)).digest('hex');
};

/** Feeds the whole log (from `fromPosition`) to a projection; returns the number of events read. */
const feed = async (store: EventStore, projection: FesaProjection, fromPosition = 0): Promise<number> => {
  let read = 0;
  for await (const batch of readFacts(store, { fromPosition })) {
    projection.apply(batch);
    read += batch.length;
  }
  return read;
};

/** The lists the bench printed, each checked against the reference rebuild of the corrected log. */
interface ListsToCheck {
  readonly correctedList: string;
  readonly asOfLists: readonly (readonly [date: string, list: string])[];
  readonly restartDate: string;
  readonly afterRestartList: string;
}

const engineFloor = async (store: EventStore, { correctedList, asOfLists, restartDate, afterRestartList }: ListsToCheck): Promise<{ calls: number; engineAlone: number }> => {
  // The floor: a second rebuild, of the corrected log, records every call of the engine; the engine alone then runs
  // those calls again (the records, newcomers and event files the projection built are kept, so nothing but the engine
  // is timed). Bare read + engine alone is what a single-threaded rebuild of this log cannot go below with this engine.
  // That rebuild is also the reference every list above is checked against.
  const calls: Parameters<typeof rateEvent>[] = [];
  const recorded: string[] = [];
  const resultOf = (out: ReturnType<typeof rateEvent>): string => (E.isRight(out) ? JSON.stringify(out.right.list) : out.left.message);
  let recording = true;
  const recordingEngine: typeof rateEvent = (...args) => {
    const out = rateEvent(...args);
    if (recording) {
      calls.push(args);
      recorded.push(resultOf(out));
    }
    return out;
  };
  let again: FesaProjection | undefined = new FesaProjection({ checkpointEvery: EVERY, runs: 'none', engine: recordingEngine });
  await feed(store, again);
  const reference = again.current();
  recording = false;
  if (digest(reference) !== correctedList) throw new Error('the corrected list is not the one a rebuild of the corrected log gives');
  for (const [date, list] of asOfLists) if (digest(again.asOf(date)) !== list) throw new Error(`the list as of ${date} is not the one a rebuild of the log gives`);
  if (digest(again.asOf(restartDate)) !== afterRestartList) throw new Error(`the list as of ${restartDate} after the restart is not the one a rebuild of the log gives`);
  // Only the engine's inputs stay in memory. A first, untimed run checks every result against the recorded one; the
  // timed runs keep none of their results (a fold keeps them as its new list: the collector's share of that is in the
  // rebuild, not in this floor) and check a sum over them instead.
  again = undefined;
  let topSum = 0;
  calls.forEach((args, i) => {
    const out = rateEvent(...args);
    if (resultOf(out) !== recorded[i]) throw new Error(`engine call ${i} gave another result when run again`);
    if (E.isRight(out)) topSum += out.right.list[0]!.eloNumber;
  });
  recorded.length = 0;
  const engineTimes: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    let sum = 0;
    const t = process.hrtime.bigint();
    for (let i = 0; i < calls.length; i++) {
      const out = rateEvent(...calls[i]!);
      if (E.isRight(out)) sum += out.right.list[0]!.eloNumber;
    }
    engineTimes.push(ms(t));
    if (sum !== topSum) throw new Error('the engine gave other results in a timed run');
  }
  return { calls: calls.length, engineAlone: engineTimes.sort((a, b) => a - b)[1]! };
};

const bench = async (store: EventStore, file: string): Promise<void> => {
  // 1. bare reads, every row parsed from JSON and nothing else: the whole events (readAll), and only what a fold
  // reads of them (readFacts: position, type, payload, time), which is what the rebuild reads
  let t0 = process.hrtime.bigint();
  let events = 0;
  for await (const batch of store.readAll()) events += batch.length;
  const bareAll = ms(t0);
  t0 = process.hrtime.bigint();
  let facts = 0;
  for await (const batch of store.readFacts()) facts += batch.length;
  const bare = ms(t0);
  if (facts !== events) throw new Error(`readAll read ${events} events, readFacts ${facts}`);
  console.log(`bare read of the log: ${events} events in ${bareAll.toFixed(0)} ms (whole events), ${bare.toFixed(0)} ms (what a fold reads of them)`);

  // 2. full rebuild: read, decode (io-ts), rate, project the list
  // under V8's sampling profiler (a few per cent of the time; BENCH_PROFILE=0 leaves it off), summarised after the figure
  t0 = process.hrtime.bigint();
  let projection: FesaProjection | undefined = new FesaProjection({ checkpointEvery: EVERY, runs: 'none', listModel: true, careerModel: true });
  let readDecode = 0;
  const rebuildOnce = async () => {
    const read = await feed(store, projection!);
    readDecode = ms(t0);
    return { read, folded: projection!.current() };
  };
  const { result: { read: rebuilt, folded }, summary } = process.env.BENCH_PROFILE === '0' ? { result: await rebuildOnce(), summary: [] } : await profiled(rebuildOnce);
  const rebuild = ms(t0);
  if (E.isLeft(folded)) throw new Error(folded.left.message);
  if (rebuilt !== events) throw new Error(`the rebuild read ${rebuilt} events, the bare read ${events}`);
  console.log(`full rebuild: ${rebuild.toFixed(0)} ms (read+decode ${readDecode.toFixed(0)} ms, rate+project ${(rebuild - readDecode).toFixed(0)} ms); ratio to the bare read of the same columns ${(rebuild / bare).toFixed(2)}x, of whole events ${(rebuild / bareAll).toFixed(2)}x (goal <= 2x, <= 3000 ms); list of ${folded.right.list.length} players`);
  for (const line of summary) console.log(line);
  if (global.gc) global.gc();
  console.log(`memory after rebuild: rss ${mib(process.memoryUsage().rss)}, heap used ${mib(process.memoryUsage().heapUsed)}; peak (maxRSS) ${mib(process.resourceUsage().maxRSS * 1024)} (goal <= 1536 MiB)`);

  // 3. a corrected result one year before the end: append, read it, re-fold from the checkpoint, the new list
  const head = await store.headPosition();
  const target = `t${Math.max(0, Math.floor(shape.tournaments * (1 - 1 / YEARS)))}`;
  const games = (await store.readStream(tournamentStream(target))).filter((e) => e.type === 'GameReported');
  const game = games[0]!.data as Record<string, unknown>;
  t0 = process.hrtime.bigint();
  const correction = { ...game, type: 'ResultCorrected', eventId: `fix:${target}:${Date.now()}`, reason: 'score sheet misread', result: game.result === 'win' ? 'loss' : 'win' } as unknown as DomainEvent;
  await store.append(tournamentStream(target), [toNewEvent(correction)], 'any');
  if ((await feed(store, projection, head)) !== 1) throw new Error('the correction was not the one event after the head');
  const corrected = projection.current();
  if (E.isLeft(corrected)) throw new Error(corrected.left.message);
  const correctionMs = ms(t0);
  const correctedList = digest(corrected);
  const refold = projection.lastRefold;
  console.log(`corrected result in ${target} (${String(game.validDate)}, one year before the end): lists updated in ${correctionMs.toFixed(0)} ms (re-folded timeline items ${refold.from}..${refold.to}) (goal <= 200 ms)`);

  // 4. list as of a random date, warm
  const times: number[] = [];
  const asOfLists: [date: string, list: string][] = [];
  for (let i = 0; i < 21; i++) {
    const date = dayOf(Math.floor(random() * DAYS));
    const t = process.hrtime.bigint();
    const list = projection.asOf(date);
    if (E.isLeft(list)) throw new Error(list.left.message);
    times.push(ms(t));
    asOfLists.push([date, digest(list)]);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  console.log(`list as of a random date (warm, 20 dates): median ${warm[10]!.toFixed(1)} ms, max ${warm.at(-1)!.toFixed(1)} ms (goal <= 50 ms)`);
  console.log(`peak memory over the whole run (maxRSS): ${mib(process.resourceUsage().maxRSS * 1024)}`);

  // 5. what a CLI command pays on a fresh start: the saved checkpoint (written into the ledger's SQLite file, as
  // `ledger list` does), then a restart from it with nothing new to read, and a list as of a date from there
  t0 = process.hrtime.bigint();
  const checkpoints = sqliteCheckpoints(file);
  const saved = await saveCheckpoint(checkpoints, projection, await hashAt(store, projection.position), { checkpointEvery: EVERY });
  const saveMs = ms(t0);
  projection = undefined;
  t0 = process.hrtime.bigint();
  const restarted = await resumeProjection(store, checkpoints);
  const resumeMs = ms(t0);
  if (restarted.eventsRead !== 0) throw new Error(`the restart read ${restarted.eventsRead} events after the checkpoint`);
  if (digest(restarted.projection.current()) !== correctedList) throw new Error('the restart from the checkpoint gave another list than the one saved');
  const restartDate = dayOf(DAYS - 200);
  const afterRestart = restarted.projection.asOf(restartDate);
  const afterRestartMs = ms(t0) - resumeMs;
  const afterRestartList = digest(afterRestart);
  console.log(`checkpoint: saved ${mib(saved.bytes)} in ${saveMs.toFixed(0)} ms; a restart from it (load, restore) ${resumeMs.toFixed(0)} ms, then a list as of ${restartDate} ${afterRestartMs.toFixed(0)} ms`);
  await checkpoints.close();

  // 6. the floor (and the reference every list above is checked against)
  const { calls, engineAlone } = await engineFloor(store, { correctedList, asOfLists, restartDate, afterRestartList });
  const floor = bare + engineAlone;
  console.log(`floor: bare read ${bare.toFixed(0)} ms + the engine alone on the rebuild's ${calls} calls ${engineAlone.toFixed(0)} ms (median of 3; results checked) = ${floor.toFixed(0)} ms, ${(floor / bare).toFixed(2)}x the bare read (goal <= 3000 ms, <= 2x)`);
  console.log(`checked: the rebuild read all ${events} events; the corrected list, ${asOfLists.length + 1} lists as of a date and the restart's list equal a rebuild of the corrected log; the engine alone gave the rebuild's ${calls} results`);
};

const main = async (): Promise<void> => {
  console.log(`history bench: BENCH_SCALE=${scale}: ${shape.players} players, ${shape.tournaments} tournaments x ${shape.perTournament} players x ${ROUNDS} rounds (~${(shape.tournaments * shape.perTournament * ROUNDS) / 2} games) over ${YEARS} years; checkpoint every ${EVERY} tournaments`);
  const temp = process.env.BENCH_DB ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  const file = process.env.BENCH_DB ?? path.join(temp!, 'ledger.db');
  try {
    let store = openSqliteStore(file);
    try {
      if ((await store.headPosition()) === 0) {
        const t0 = process.hrtime.bigint();
        const { events, repairs } = await writeSyntheticLedger(store, shape, seed);
        console.log(`generated ${events} events into ${file} in ${(ms(t0) / 1000).toFixed(1)} s (${mib(fs.statSync(file).size)})`);
        console.log(`officer repairs: ${repairs.length} event(s) did not settle or ran past the program's grade tables (as they would in the official program); one game withdrawn for each${repairs.length > 0 ? `: ${repairs.slice(0, 5).join(', ')}${repairs.length > 5 ? ', …' : ''}` : ''}`);
      } else console.log(`reusing ${file} (${await store.headPosition()} events)`);
    } finally {
      await store.close();
    }
    store = openSqliteStore(file);
    try {
      await bench(store, file);
    } finally {
      await store.close();
    }
  } finally {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
