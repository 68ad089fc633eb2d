import type { EventSelection } from '../../domain/events/selection';
import type { EventType } from '../../domain/events';
import { FESA_FOLD_EVENTS } from '../../projections/fesa/history';
import { GENERIC_FOLD_EVENTS } from '../../projections/generic/history';
import { LIST_NAMES } from './namesakes';
import { RATED_INDEX } from './rated-tournament';
import { STREAM_INDEX } from './stream-index';
import type { AnyReadModel } from './read-model';
import { AUDIT_TRAIL } from './read-models/audit-trail';
import { PLAYER_DIRECTORY } from './read-models/player-directory';
import { TOURNAMENT_DIRECTORY } from './read-models/tournament-directory';

/**
 * Every read model, of the one shape (read-model.ts). The deciders' state (domain/commands/state.ts) is not one of
 * them: it exists for deciding, reads every type, and its switch does not compile when one is left out.
 * test/app/read-models.test.ts holds every event type of the catalogue to be in exactly one list of each.
 */
export const READ_MODELS: readonly AnyReadModel[] = [TOURNAMENT_DIRECTORY, PLAYER_DIRECTORY, LIST_NAMES, AUDIT_TRAIL, RATED_INDEX, STREAM_INDEX];

/** A fold that declares what it reads but is not yet of the one shape, and where it lives. */
export interface FoldEvents extends EventSelection {
  readonly name: string;
  readonly fold: string;
}

/**
 * The two rating folds, not yet read models of the one shape: each rates whole tournaments in valid-date order (a
 * late fact re-folds from the checkpoint before it), which one `evolve` per fact in recorded order cannot say. Their
 * declarations are their code's own (each filters and dispatches on them), and the same test holds them.
 */
export const RATING_FOLDS: readonly FoldEvents[] = [
  { name: 'FESA lists (list and careers models, checkpoints)', fold: 'projections/fesa/history.ts FesaFacts', ...FESA_FOLD_EVENTS },
  { name: 'non-FESA rule sets (runs, lists, careers)', fold: 'projections/generic/history.ts foldGeneric', ...GENERIC_FOLD_EVENTS },
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
