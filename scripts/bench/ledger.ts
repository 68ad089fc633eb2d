/**
 * Writes the history bench's synthetic FESA ledger (scripts/bench/synthetic-ledger.ts: players p0, p1, …; at scale 1
 * 100,000 players, 20,000 tournaments, ~1,000,000 games) so anyone can reproduce the benches' figures on the same log:
 *
 *   npm run bench:ledger -- --scale S --out FILE [--seed N] [--mixed]     (FILE: a SQLite file, or postgres://…)
 *
 * `--mixed` rates one tournament in three under fide or gobase-go instead of FESA (the same games otherwise).
 *
 * The store must be empty (a FILE that exists is refused: nothing is overwritten). Prints what it wrote.
 */
import * as fs from 'fs';
import { openStore, parseStoreSpec } from '../../src/adapters/store/open';
import { DEFAULT_SEED, shapeOf, writeSyntheticLedger } from './synthetic-ledger';

const USAGE = 'usage: npm run bench:ledger -- --scale S --out FILE [--seed N] [--mixed]';

const optionsOf = (argv: readonly string[]): { scale: number; out: string; seed: number; mixed: boolean } => {
  const given = new Map<string, string>();
  const mixed = argv.includes('--mixed');
  argv = argv.filter((a) => a !== '--mixed');
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    const value = argv[i + 1];
    if (!['--scale', '--out', '--seed'].includes(name)) throw new Error(`unknown option ${name} (${USAGE})`);
    if (value === undefined) throw new Error(`${name} needs a value (${USAGE})`);
    given.set(name, value);
  }
  const out = given.get('--out');
  if (out === undefined) throw new Error(`--out is missing (${USAGE})`);
  const scale = Number(given.get('--scale') ?? '1');
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be a number above 0 and at most 10, not "${given.get('--scale')}"`);
  const seed = Number(given.get('--seed') ?? DEFAULT_SEED);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, not "${given.get('--seed')}"`);
  return { scale, out, seed, mixed };
};

const main = async (): Promise<void> => {
  const { scale, out, seed, mixed } = optionsOf(process.argv.slice(2));
  const spec = parseStoreSpec(out);
  if (spec.kind === 'sqlite' && fs.existsSync(spec.path)) throw new Error(`${spec.path} exists already; the synthetic ledger is written into a new file only`);
  const shape = shapeOf(scale);
  const t0 = process.hrtime.bigint();
  const store = await openStore(out);
  try {
    const { events, repairs } = await writeSyntheticLedger(store, shape, seed, mixed);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`${out}: ${events} events (${shape.players} players, ${shape.tournaments} tournaments of ${shape.perTournament} players, ${repairs.length} repaired by a withdrawn game${mixed ? '; one tournament in three under fide or gobase-go' : ''}) in ${seconds.toFixed(1)} s (scale ${scale}, seed ${seed})`);
  } finally {
    await store.close();
  }
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
