import type { LedgerState } from '../../domain/commands/state';

/** An id absorbed by a merge in force, as the pages and the API tell a reader who followed an old link to it. */
export interface MergedId {
  readonly absorbed: string;
  readonly survivor: string;
  /** The survivor's name as now known ("Family Given"). */
  readonly survivorName: string;
  /** The name the absorbed id was registered under. */
  readonly registeredAs: string;
  readonly date: string;
  readonly reason: string;
  /** The merge's event id (`ledger player unmerge` names it). */
  readonly merge: string;
}

const nameOf = (state: LedgerState, id: string): string => {
  const player = state.players.get(id);
  const r = player?.current ?? player?.registration;
  return r === undefined ? id : `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`;
};

/** The merge that made `playerId` another player's, or undefined when the id stands for itself. */
export const mergedIdOf = (state: LedgerState, playerId: string): MergedId | undefined => {
  const merged = state.players.get(playerId)?.mergedInto;
  if (merged === undefined) return undefined;
  return { absorbed: playerId, survivor: merged.survivor, survivorName: nameOf(state, merged.survivor), registeredAs: nameOf(state, playerId), date: merged.validDate, reason: merged.reason, merge: merged.merge };
};
