import type { GenericFold, GenericOfficerFact, GenericRun } from './history';

/** The runs a player was rated in and the officer facts that name him, each in the fold's order. */
export interface PlayerItems {
  readonly runs: readonly GenericRun[];
  readonly officerFacts: readonly GenericOfficerFact[];
}

const NONE: PlayerItems = { runs: [], officerFacts: [] };

// A fold is never changed once made: its index is made once, on the first player asked of it. Without it every
// player's explanation and grade history scans every run, which makes a careers model of 100,000 players quadratic.
const indexes = new WeakMap<GenericFold, Map<string, { runs: GenericRun[]; officerFacts: GenericOfficerFact[] }>>();

export const playerItems = (fold: GenericFold, playerId: string): PlayerItems => {
  let index = indexes.get(fold);
  if (index === undefined) {
    const made = new Map<string, { runs: GenericRun[]; officerFacts: GenericOfficerFact[] }>();
    const of = (id: string) => {
      let items = made.get(id);
      if (items === undefined) made.set(id, (items = { runs: [], officerFacts: [] }));
      return items;
    };
    for (const run of fold.runs) for (const id of Object.keys(run.before)) of(id).runs.push(run);
    for (const fact of fold.officerFacts) for (const id of new Set(fact.playerIds)) of(id).officerFacts.push(fact);
    indexes.set(fold, (index = made));
  }
  return index.get(playerId) ?? NONE;
};
