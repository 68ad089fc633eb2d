import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { FesaFold, TournamentRun } from '../../projections/fesa/history';
import type { FesaProjection } from '../../projections/fesa/incremental';
import { nameKey } from '../../projections/fesa/name-key';

interface Index {
  readonly position: number;
  readonly runs: ReadonlyMap<string, TournamentRun[]>;
  readonly list: ReadonlyMap<string, FesaPlayer>;
}

/**
 * Which tournaments each player was rated in, by the key careers and explanations match players by, built once per
 * projection and head of the log: a career then reads its player's runs (a few dozen) instead of every run of the
 * ledger (20,000 at a million games, with every participant's key). The fold handed on differs only in runs (and
 * list) that `playerCareer` and `explainPlayer` would have passed over, so their answers are the same.
 */
export class PlayerRuns {
  private readonly indexes = new WeakMap<FesaProjection, Index>();

  private indexOf(projection: FesaProjection, fold: FesaFold): Index {
    const kept = this.indexes.get(projection);
    if (kept?.position === projection.position) return kept;
    const runs = new Map<string, TournamentRun[]>();
    for (const run of fold.runs) {
      for (const p of run.report.players) {
        const key = nameKey(p);
        const own = runs.get(key);
        if (own === undefined) runs.set(key, [run]);
        else if (own[own.length - 1] !== run) own.push(run);
      }
    }
    const list = new Map<string, FesaPlayer>();
    for (const p of fold.list) if (!list.has(nameKey(p))) list.set(nameKey(p), p);
    const index = { position: projection.position, runs, list };
    this.indexes.set(projection, index);
    return index;
  }

  /** The fold a career (or, without a tournament, an explanation) of one player reads: his runs and his list record. */
  of(projection: FesaProjection, fold: FesaFold, playerId: string, tournamentId?: string): FesaFold {
    const name = fold.names.get(playerId);
    // an unknown player: the projection's own sentence says so
    if (name === undefined) return fold;
    // one tournament: its run whoever played (explain says "did not play in" for a tournament he missed)
    if (tournamentId !== undefined) return { ...fold, runs: fold.runs.filter((r) => r.tournamentId === tournamentId) };
    const index = this.indexOf(projection, fold);
    const key = nameKey(name);
    const record = index.list.get(key);
    return { ...fold, runs: index.runs.get(key) ?? [], list: record === undefined ? [] : [record] };
  }
}
