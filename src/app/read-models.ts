import type { EventType } from '../../domain/events';
import type { EventSelection } from '../../domain/events/selection';
import { AUDIT_TRAIL_EVENTS } from '../../projections/audit-trail';
import { FESA_FOLD_EVENTS } from '../../projections/fesa/history';
import { GENERIC_FOLD_EVENTS } from '../../projections/generic/history';
import { LIST_NAMES_EVENTS } from './namesakes';
import { RATED_INDEX_EVENTS } from './rated-tournament';

/**
 * A read model that folds facts, with the event types it reads and those it passes over. The lists are the folds'
 * own (each module dispatches or filters on the list it declares), so this registry cannot say other than the code;
 * test/app/read-models.test.ts holds every event type of the catalogue to be in exactly one list of each.
 * The deciders' state (domain/commands/state.ts) is not one of them: its `evolve` reads every type, and its switch
 * does not compile when one is left out.
 */
export interface ReadModelEvents extends EventSelection {
  readonly name: string;
  /** Where its fold lives. */
  readonly fold: string;
}

export const READ_MODELS: readonly ReadModelEvents[] = [
  { name: 'FESA lists (list and careers models, checkpoints)', fold: 'projections/fesa/history.ts FesaFacts', ...FESA_FOLD_EVENTS },
  { name: 'non-FESA rule sets (runs, lists, careers)', fold: 'projections/generic/history.ts foldGeneric', ...GENERIC_FOLD_EVENTS },
  { name: 'rated-tournaments index', fold: 'src/app/rated-tournament.ts RatedTournamentIndex', ...RATED_INDEX_EVENTS },
  { name: 'list names', fold: 'src/app/namesakes.ts ListNamesNow', ...LIST_NAMES_EVENTS },
  { name: 'audit trail', fold: 'projections/audit-trail.ts evolveAuditTrail', ...AUDIT_TRAIL_EVENTS },
];

/** What is wrong with a read model's lists against the catalogue: types in neither list, types in both. */
export const selectionGaps = (model: EventSelection, catalogue: readonly EventType[]): { readonly neither: EventType[]; readonly both: EventType[] } => {
  const handles = new Set<string>(model.handles);
  const passesOver = new Set<string>(model.passesOver);
  return {
    neither: catalogue.filter((t) => !handles.has(t) && !passesOver.has(t)),
    both: catalogue.filter((t) => handles.has(t) && passesOver.has(t)),
  };
};
