/**
 * History as a fold, at federation scale: a synthetic FESA ledger (default 100,000 players, 1,000,000 games,
 * 20,000 tournaments over 30 years; BENCH_SCALE=0.1 for a tenth) in SQLite, then
 *  - bare reads of the log (whole events, and only what a fold reads of them), and a full rebuild (read, decode,
 *    rate, project) with its ratio to both;
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
 * Env: BENCH_SCALE (default 1), BENCH_DB (default a temp file; an existing ledger with the same scale is reused),
 * BENCH_CHECKPOINT_EVERY (default 250), BENCH_SEED.
 */
import * as E from 'fp-ts/Either';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { DomainEvent } from '../../domain/events';
import { playerStream, tournamentStream } from '../../domain/events';
import { DAN_MP, KYU_MP } from '../../domain/rules/fesa/grades';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import { FesaProjection } from '../../projections/fesa/incremental';
import { readFacts, toNewEvent } from '../../src/app/event-log';
import { resumeProjection, saveCheckpoint } from '../../src/app/checkpoint';
import { sqliteCheckpoints } from '../../src/adapters/store/checkpoint-storage';
import { openSqliteStore } from '../../src/adapters/store/sqlite';
import type { EventStore } from '../../src/app/ports/event-store';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const PLAYERS = Math.round(100_000 * scale);
const TOURNAMENTS = Math.round(20_000 * scale);
const GAMES = Math.round(1_000_000 * scale);
const YEARS = 30;
const ROUNDS = 5;
const PER_TOURNAMENT = Math.max(2, Math.round((2 * GAMES) / (TOURNAMENTS * ROUNDS)));
const EVERY = Number(process.env.BENCH_CHECKPOINT_EVERY ?? '250');
const START = Date.UTC(1995, 0, 1);
const DAYS = YEARS * 365;

let seed = Number(process.env.BENCH_SEED ?? '20261121');
const random = (): number => {
  // mulberry32: a fixed, fast PRNG so every run builds the same ledger
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const dayOf = (d: number): string => new Date(START + d * 86_400_000).toISOString().slice(0, 10);
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const TC = { mainMinutes: 40, byoyomiSeconds: 30, incrementSeconds: 0 };

/** Hidden strength of player `p<i>`: a fixed spread from 500 to 1700 (a bell shape from three uniform draws). */
const strength = (id: string): number => {
  const i = Number(id.slice(1));
  const u = (k: number) => ((Math.imul(i + 1, 2654435761 + k * 40503) >>> 0) % 10_000) / 10_000;
  return 500 + ((u(1) + u(2) + u(3)) / 3) * 1200;
};

/** The grade whose midpoint (seed 000 §7 table) is nearest to a playing strength. */
const gradeNear = (rating: number): string => {
  const grades: [string, number][] = [
    ...KYU_MP.map((mp, n) => [`${n} Kyu`, mp] as [string, number]).slice(1),
    ...DAN_MP.slice(1, 6).map((mp, n) => [`${n + 1} Dan`, mp] as [string, number]),
  ];
  return grades.reduce((best, g) => (Math.abs(g[1] - rating) < Math.abs(best[1] - rating) ? g : best))[0];
};

/** Players register over the first 29 years; each tournament draws its entrants from the players registered by then. */
const generate = async (store: EventStore): Promise<{ events: number; lastDate: string }> => {
  let events = 0;
  const FOUNDERS = Math.max(PER_TOURNAMENT, Math.floor(PLAYERS * 0.05));
  const regDay = (i: number): number => (i < FOUNDERS ? 0 : Math.floor((i / PLAYERS) * (DAYS - 365)));
  for (let i = 0; i < PLAYERS; i++) {
    const id = `p${i}`;
    const e = { type: 'PlayerRegistered', version: 1, eventId: `reg:${id}`, validDate: dayOf(regDay(i)), actor: 'bench', playerId: id, familyName: `Player${i}`, givenName: 'B', country: 'NO' } as unknown as DomainEvent;
    const batch = [toNewEvent(e)];
    if (i >= FOUNDERS) {
      // Newcomers declare the grade they bring (most FESA newcomers do): its two synthetic games anchor their first
      // performance rating. Ungraded newcomers meeting each other can make an event that never settles — in the
      // official program too (it loops forever), which a benchmark cannot use.
      batch.push(toNewEvent({ type: 'PriorGradeDeclared', version: 1, eventId: `grade:${id}`, validDate: dayOf(regDay(i)), actor: 'bench', playerId: id, grade: gradeNear(strength(id)), source: 'club' } as unknown as DomainEvent));
    }
    if (i < FOUNDERS) {
      // the ledger starts from an opening list: the founders are established players (an event of twenty
      // unrated players does not settle in the FESA engine — nor in the official program)
      const state = { lastName: `Player${i}`, firstName: 'B', nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: dayOf(-1) }], gradeLevel: 0, gradeName: '', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: Math.round(strength(id)), games: 40, lastPlayed: dayOf(-1), lbCount: null, mpCount: null, bonusCount: 40, listIndex: i };
      batch.push(toNewEvent({ type: 'OpeningBalanceImported', version: 1, eventId: `open:${id}`, validDate: dayOf(0), actor: 'bench', playerId: id, ruleSet: 'fesa', state, source: 'list-1994' } as unknown as DomainEvent));
    }
    await store.append(playerStream(id), batch, 'no_stream');
    events += batch.length;
  }
  let lastDate = '';
  let playingDate = '';
  const playingToday = new Set<number>();
  for (let t = 0; t < TOURNAMENTS; t++) {
    const day = Math.floor(((t + 1) / TOURNAMENTS) * (DAYS - 1));
    const date = dayOf(day);
    lastDate = date;
    const tid = `t${t}`;
    const registered = Math.max(Math.max(PER_TOURNAMENT, Math.floor(PLAYERS * 0.05)), Math.min(PLAYERS, Math.floor((day / (DAYS - 365)) * PLAYERS) + 1));
    // a local pool: players registered around the same time meet more often (clubs), plus some from anywhere
    const entrants = new Set<number>();
    const centre = Math.floor(random() * registered);
    // Several events share a date at this density; nobody plays two on one day (the program refuses a player whose
    // last event is not before this one).
    if (date !== playingDate) {
      playingDate = date;
      playingToday.clear();
    }
    while (entrants.size < PER_TOURNAMENT) {
      const local = random() < 0.7;
      const p = local ? Math.min(registered - 1, Math.max(0, centre + Math.floor((random() - 0.5) * 2000 * Math.max(scale, 0.05)))) : Math.floor(random() * registered);
      if (playingToday.has(p)) continue;
      entrants.add(p);
    }
    for (const p of entrants) playingToday.add(p);
    const ids = [...entrants].map((p) => `p${p}`);
    const batch: DomainEvent[] = [
      { type: 'TournamentRegistered', version: 1, eventId: `t:${tid}`, validDate: date, actor: 'bench', tournamentId: tid, name: `Open ${t}`, place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: TC } as unknown as DomainEvent,
    ];
    const met = new Set<string>();
    for (let r = 1; r <= ROUNDS; r++) {
      // Swiss-like pairing: players of similar strength meet (with some noise), as in a real open. Random
      // pairings make strong newcomers win everything, which keeps them provisional with an ever higher
      // performance rating until the program's grade tables run out (the official program stops there too).
      const noisy = new Map(ids.map((id) => [id, strength(id) + (random() - 0.5) * 400]));
      const order = [...ids].sort((a, b) => noisy.get(b)! - noisy.get(a)!);
      // Each player meets the nearest one not met yet in this event (a Swiss rule): repeated pairings are what makes
      // the program's fixed-point iteration flip between two integers for ever.
      const free = new Set(order);
      const pairs: [string, string][] = [];
      for (const a of order) {
        if (!free.has(a)) continue;
        free.delete(a);
        const b = order.find((x) => free.has(x) && !met.has(`${a}|${x}`)) ?? order.find((x) => free.has(x));
        if (b === undefined) break;
        free.delete(b);
        met.add(`${a}|${b}`).add(`${b}|${a}`);
        pairs.push([a, b]);
      }
      pairs.forEach(([a, b], i) => {
        // results follow a hidden playing strength, so ratings spread like a real federation's and stay in the tables
        const expected = 1 / (1 + 10 ** ((strength(a) - strength(b)) / -400));
        const x = random();
        const result = x < 0.05 ? 'draw' : x < 0.05 + 0.95 * expected ? 'win' : 'loss';
        batch.push({ type: 'GameReported', version: 1, eventId: `g:${tid}:${r}:${i}`, validDate: date, actor: 'bench', gameId: `${r}-${i}`, tournamentId: tid, round: r, first: a, second: b, result } as unknown as DomainEvent);
      });
    }
    batch.push({ type: 'TournamentClosed', version: 1, eventId: `c:${tid}`, validDate: date, actor: 'bench', tournamentId: tid } as unknown as DomainEvent);
    await store.append(tournamentStream(tid), batch.map(toNewEvent), 'no_stream');
    events += batch.length;
  }
  return { events, lastDate };
};

/**
 * Random results sometimes make an event the program cannot rate: its fixed-point iteration flips between two
 * integers for ever (K steps with a running rating), or a promotion runs past its 7 Dan streak tables. An officer
 * resolves such an event; here the last game of the event is withdrawn (a GameWithdrawn fact) until the history
 * folds. Returns the repaired tournaments.
 */
const repair = async (store: EventStore): Promise<string[]> => {
  const projection = new FesaProjection({ checkpointEvery: EVERY, runs: 'none' });
  let position = 0;
  const feed = async () => {
    for await (const batch of readFacts(store, { fromPosition: position })) {
      projection.apply(batch);
      position = batch[batch.length - 1]!.globalPosition;
    }
  };
  await feed();
  const repaired: string[] = [];
  for (let attempt = 0; attempt < 2000; attempt++) {
    const folded = projection.current();
    if (E.isRight(folded)) return repaired;
    const tid = /tournament "([^"]+)"/.exec(folded.left)?.[1];
    if (!tid) throw new Error(folded.left);
    const stream = await store.readStream(tournamentStream(tid));
    const withdrawn = new Set(stream.filter((e) => e.type === 'GameWithdrawn').map((e) => (e.data as { gameId: string }).gameId));
    const game = stream.filter((e) => e.type === 'GameReported' && !withdrawn.has((e.data as { gameId: string }).gameId)).at(-1);
    if (!game) throw new Error(`${folded.left} (no game left to withdraw)`);
    const g = game.data as { gameId: string; validDate: string };
    const withdrawal = { type: 'GameWithdrawn', version: 1, eventId: `withdraw:${tid}:${g.gameId}`, validDate: g.validDate, actor: 'bench', gameId: g.gameId, tournamentId: tid, reason: 'the event did not settle; officer withdrew the last game' } as unknown as DomainEvent;
    await store.append(tournamentStream(tid), [toNewEvent(withdrawal)], stream.length - 1);
    if (!repaired.includes(tid)) repaired.push(tid);
    await feed();
  }
  throw new Error('the synthetic history could not be repaired in 2000 withdrawals');
};

const main = async (): Promise<void> => {
  console.log(`history bench: BENCH_SCALE=${scale}: ${PLAYERS} players, ${TOURNAMENTS} tournaments x ${PER_TOURNAMENT} players x ${ROUNDS} rounds (~${(TOURNAMENTS * PER_TOURNAMENT * ROUNDS) / 2} games) over ${YEARS} years; checkpoint every ${EVERY} tournaments`);
  const file = process.env.BENCH_DB ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-')), 'ledger.db');
  const fresh = !fs.existsSync(file);
  let store = openSqliteStore(file);
  if (fresh || (await store.headPosition()) === 0) {
    const t0 = process.hrtime.bigint();
    const { events } = await generate(store);
    console.log(`generated ${events} events into ${file} in ${(ms(t0) / 1000).toFixed(1)} s (${mib(fs.statSync(file).size)})`);
    const repairs = await repair(store);
    console.log(`officer repairs: ${repairs.length} event(s) did not settle or ran past the program's grade tables (as they would in the official program); one game withdrawn for each${repairs.length > 0 ? `: ${repairs.slice(0, 5).join(', ')}${repairs.length > 5 ? ', …' : ''}` : ''}`);
  } else console.log(`reusing ${file} (${await store.headPosition()} events)`);
  await store.close();
  store = openSqliteStore(file);

  // 1. bare reads, every row parsed from JSON and nothing else: the whole events (readAll), and only what a fold
  // reads of them (readFacts: position, type, payload, time), which is what the rebuild reads
  let t0 = process.hrtime.bigint();
  let rows = 0;
  for await (const batch of store.readAll()) rows += batch.length;
  const bareAll = ms(t0);
  t0 = process.hrtime.bigint();
  for await (const batch of store.readFacts()) rows -= batch.length;
  const bare = ms(t0);
  if (rows !== 0) throw new Error('readAll and readFacts read different numbers of events');
  console.log(`bare read of the log: ${await store.headPosition()} events in ${bareAll.toFixed(0)} ms (whole events), ${bare.toFixed(0)} ms (what a fold reads of them)`);

  // 2. full rebuild: read, decode (io-ts), rate, project the list
  t0 = process.hrtime.bigint();
  let projection = new FesaProjection({ checkpointEvery: EVERY, runs: 'none' });
  for await (const batch of readFacts(store)) projection.apply(batch);
  const readDecode = ms(t0);
  const folded = projection.current();
  const rebuild = ms(t0);
  if (E.isLeft(folded)) throw new Error(folded.left);
  console.log(`full rebuild: ${rebuild.toFixed(0)} ms (read+decode ${readDecode.toFixed(0)} ms, rate+project ${(rebuild - readDecode).toFixed(0)} ms); ratio to the bare read of the same columns ${(rebuild / bare).toFixed(2)}x, of whole events ${(rebuild / bareAll).toFixed(2)}x (goal <= 2x, <= 3000 ms); list of ${folded.right.list.length} players`);
  if (global.gc) global.gc();
  console.log(`memory after rebuild: rss ${mib(process.memoryUsage().rss)}, heap used ${mib(process.memoryUsage().heapUsed)}; peak (maxRSS) ${mib(process.resourceUsage().maxRSS * 1024)} (goal <= 1536 MiB)`);

  // 3. a corrected result one year before the end: append, read it, re-fold from the checkpoint, the new list
  const head = await store.headPosition();
  const target = `t${Math.max(0, Math.floor(TOURNAMENTS * (1 - 1 / YEARS)))}`;
  const games = (await store.readStream(tournamentStream(target))).filter((e) => e.type === 'GameReported');
  const game = games[0]!.data as Record<string, unknown>;
  t0 = process.hrtime.bigint();
  const correction = { ...game, type: 'ResultCorrected', eventId: `fix:${target}:${Date.now()}`, reason: 'score sheet misread', result: game.result === 'win' ? 'loss' : 'win' } as unknown as DomainEvent;
  await store.append(tournamentStream(target), [toNewEvent(correction)], 'any');
  for await (const batch of readFacts(store, { fromPosition: head })) projection.apply(batch);
  const corrected = projection.current();
  if (E.isLeft(corrected)) throw new Error(corrected.left);
  const correctionMs = ms(t0);
  const refold = projection.lastRefold;
  console.log(`corrected result in ${target} (${String(game.validDate)}, one year before the end): lists updated in ${correctionMs.toFixed(0)} ms (re-folded timeline items ${refold.from}..${refold.to}) (goal <= 200 ms)`);

  // 4. list as of a random date, warm
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const date = dayOf(Math.floor(random() * DAYS));
    const t = process.hrtime.bigint();
    const list = projection.asOf(date);
    if (E.isLeft(list)) throw new Error(list.left);
    times.push(ms(t));
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  console.log(`list as of a random date (warm, 20 dates): median ${warm[10]!.toFixed(1)} ms, max ${warm.at(-1)!.toFixed(1)} ms (goal <= 50 ms)`);
  console.log(`peak memory over the whole run (maxRSS): ${mib(process.resourceUsage().maxRSS * 1024)}`);

  // 6. what a CLI command pays on a fresh start: the saved checkpoint (written into the ledger's SQLite file, as
  // `ledger list` does), then a restart from it with nothing new to read, and a list as of a date from there
  t0 = process.hrtime.bigint();
  const checkpoints = sqliteCheckpoints(file);
  const saved = await saveCheckpoint(checkpoints, projection, { checkpointEvery: EVERY });
  const saveMs = ms(t0);
  projection = undefined as unknown as FesaProjection;
  t0 = process.hrtime.bigint();
  const restarted = await resumeProjection(store, checkpoints);
  const resumeMs = ms(t0);
  if (restarted.eventsRead !== 0) throw new Error(`the restart read ${restarted.eventsRead} events after the checkpoint`);
  const afterRestart = restarted.projection.asOf(dayOf(DAYS - 200));
  if (E.isLeft(afterRestart) || afterRestart.right.list.length === 0) throw new Error('no list after the restart');
  console.log(`checkpoint: saved ${mib(saved.bytes)} in ${saveMs.toFixed(0)} ms; a restart from it (load, restore) ${resumeMs.toFixed(0)} ms, then a list as of ${dayOf(DAYS - 200)} ${(ms(t0) - resumeMs).toFixed(0)} ms`);

  // 5. the floor: a second rebuild records every call of the engine; the engine alone then runs those calls again
  // (the records, newcomers and event files the projection built are kept, so nothing but the engine is timed).
  // Bare read + engine alone is what a single-threaded rebuild of this log cannot go below with this engine.
  const expected = JSON.stringify(folded.right.list);
  const calls: Parameters<typeof rateEvent>[] = [];
  const recorded: string[] = [];
  const resultOf = (out: ReturnType<typeof rateEvent>): string => (E.isRight(out) ? JSON.stringify(out.right.list) : out.left.message);
  const recording: typeof rateEvent = (...args) => {
    const out = rateEvent(...args);
    calls.push(args);
    recorded.push(resultOf(out));
    return out;
  };
  let again = new FesaProjection({ checkpointEvery: EVERY, runs: 'none', engine: recording });
  for await (const batch of readFacts(store)) again.apply(batch);
  const refolded = again.current();
  if (E.isLeft(refolded) || JSON.stringify(refolded.right.list) !== expected) throw new Error('the recording rebuild gave another list');
  // Only the engine's inputs stay in memory. A first, untimed run checks every result against the recorded one; the
  // timed runs keep none of their results (a fold keeps them as its new list: the collector's share of that is in the
  // rebuild, not in this floor) and check a sum over them instead.
  again = undefined as unknown as FesaProjection;
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
  const engineAlone = engineTimes.sort((a, b) => a - b)[1]!;
  const floor = bare + engineAlone;
  console.log(`floor: bare read ${bare.toFixed(0)} ms + the engine alone on the rebuild's ${calls.length} calls ${engineAlone.toFixed(0)} ms (median of 3; results checked) = ${floor.toFixed(0)} ms, ${(floor / bare).toFixed(2)}x the bare read (goal <= 3000 ms, <= 2x)`);
  await store.close();
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
