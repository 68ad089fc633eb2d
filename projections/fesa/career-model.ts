import * as E from 'fp-ts/Either';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { FesaFold, OfficerFact, TournamentRun } from './history';
import { FESA_CONTRACTS, nameKey } from './history';
import type { RegisteredNames } from './registered-names';
import type { RunInputs } from './tournament-rating';

export type { RunInputs } from './tournament-rating';

/**
 * Players' careers as tables, for a read model next to the log (src/app/career-model.ts saves and reads it): every
 * tournament rated, as what the engine rated it from (`RunInputs`: the engine gives its run again, report and all,
 * in a millisecond, which is smaller to keep than the report's per-game terms), and every officer fact, each at the
 * timeline item that made it, indexed by the name keys of the tournament's players and the ids of the fact's players;
 * and the registered players (name, survivor of a merge). What `history P` and `explain P` read of a fold is then a
 * few rows: the tournaments of P's name key, the facts of P's survivor, P's family.
 */
export interface CareerModelRun {
  /** Timeline items applied when the run was made (1-based: the tournament is item `after`). */
  readonly after: number;
  readonly inputs: RunInputs;
  /** The name keys of the players of the event (what a career looks the player up by). */
  readonly keys: readonly string[];
}

export interface CareerModelFact {
  readonly after: number;
  readonly fact: OfficerFact;
}

/** A registered id as a fold's `names` and `survivorOf` give it, in the order of `names`. */
export interface CareerModelPlayer {
  readonly id: string;
  readonly ord: number;
  readonly lastName: string;
  readonly firstName: string;
  /** The survivor of a merge in force that absorbed this id (null: itself). */
  readonly survivor: string | null;
}

/** What a save writes: drop the saved runs and facts with `after > deleteAfter`, then add these, and the players' changes. */
export interface CareerModelChanges {
  readonly deleteAfter: number;
  /** Made as they are read, once (a rebuild's twenty thousand runs with their event files are never all held at once). */
  readonly runs: Iterable<CareerModelRun>;
  readonly facts: readonly CareerModelFact[];
  readonly players: PlayerChanges | undefined;
}

/** Registered ids to write (all of them, replacing the saved ones, when `replace`) and ids no longer registered. */
export interface PlayerChanges {
  readonly replace: boolean;
  readonly write: readonly CareerModelPlayer[];
  readonly remove: readonly string[];
}

const samePlayer = (a: CareerModelPlayer, b: CareerModelPlayer): boolean => a.ord === b.ord && a.lastName === b.lastName && a.firstName === b.firstName && a.survivor === b.survivor;

/** What changed from the players of `saved` to those of `now` (a new registration: one row; a merge: the ids after it move). */
const playerChanges = (saved: RegisteredNames | undefined, now: RegisteredNames): PlayerChanges | undefined => {
  if (saved === now) return undefined;
  const players = playersOf(now);
  if (saved === undefined) return { replace: true, write: players, remove: [] };
  const before = new Map(playersOf(saved).map((p) => [p.id, p]));
  const write = players.filter((p) => {
    const was = before.get(p.id);
    before.delete(p.id);
    return was === undefined || !samePlayer(was, p);
  });
  return { replace: false, write, remove: [...before.keys()] };
};

/** The registered players of `registered`, in the order a fold's `names` holds them. */
const playersOf = (registered: RegisteredNames): CareerModelPlayer[] => {
  const out: CareerModelPlayer[] = [];
  for (const [id, name] of registered.byId) {
    const survivor = registered.survivorOf?.(id) ?? id;
    out.push({ id, ord: out.length, lastName: name.lastName, firstName: name.firstName, survivor: survivor === id ? null : survivor });
  }
  return out;
};

/**
 * The runs and facts made since the last save, kept by the projection's main fold, as `ListModelJournal` keeps the
 * list's rows: a re-fold from a checkpoint drops what was made after it, and the next save deletes the saved rows
 * after it too. The players are written again whenever the registrations changed since the last save.
 */
export class CareerModelJournal {
  private saved = 0;
  /** The tournaments rated since the last save, their inputs made when saved (see `Journal.model`). */
  private runs: { readonly after: number; readonly inputs: () => RunInputs }[] = [];
  private facts: CareerModelFact[] = [];
  /** The registrations as saved (a registration or merge makes a new `RegisteredNames`). */
  private savedNames: RegisteredNames | undefined;

  /** The saved model holds the first `index` items and the players of `names` (a projection restored with it). */
  restored(index: number, names: RegisteredNames | undefined): void {
    this.saved = index;
    this.runs = [];
    this.facts = [];
    this.savedNames = names;
  }

  refoldFrom(index: number): void {
    if (index < this.saved) this.saved = index;
    while (this.runs.length > 0 && this.runs.at(-1)!.after > index) this.runs.pop();
    while (this.facts.length > 0 && this.facts.at(-1)!.after > index) this.facts.pop();
  }

  run(after: number, inputs: () => RunInputs): void {
    this.runs.push({ after, inputs });
  }

  fact(after: number, fact: OfficerFact): void {
    this.facts.push({ after, fact });
  }

  changes(names: RegisteredNames): CareerModelChanges {
    const made = this.runs;
    function* runs(): Iterable<CareerModelRun> {
      for (const { after, inputs } of made) {
        const run = inputs();
        yield { after, inputs: run, keys: run.event.players.map((p) => nameKey(p)) };
      }
    }
    return { deleteAfter: this.saved, runs: runs(), facts: this.facts, players: playerChanges(this.saved === 0 ? undefined : this.savedNames, names) };
  }

  savedThrough(applied: number, names: RegisteredNames): void {
    this.restored(applied, names);
  }
}

/** What a career or an explanation reads of the saved model for one player (see `careerFold`). */
export interface CareerRows {
  /** The player asked for, the survivor his facts go to, and every id that survivor absorbed, in `names` order. */
  readonly players: readonly CareerModelPlayer[];
  /** The runs of the tournaments the player's name key played in (and the one of a tournament asked for), in timeline order. */
  readonly runs: readonly TournamentRun[];
  /** The officer facts of the survivor, in timeline order. */
  readonly facts: readonly OfficerFact[];
}

/**
 * A fold holding what `playerCareer` and `explainPlayer` (career.ts, explain.ts) read for the players of `rows`: the
 * same answer as the whole fold's, from a few rows. A career reads the list only for an opening balance that no
 * tournament followed (`needsList`): then `list` must hold the records of the player's name key on the list at the
 * end of the timeline, in the list's order (the list model's rows of that key); otherwise it may be empty.
 */
export const careerFold = (rows: CareerRows, list: readonly FesaPlayer[] = []): FesaFold => {
  const names = new Map(rows.players.map((p) => [p.id, { lastName: p.lastName, firstName: p.firstName }]));
  const survivors = new Map(rows.players.map((p) => [p.id, p.survivor ?? p.id]));
  return { list, runs: rows.runs, officerFacts: rows.facts, playerIdOf: () => undefined, names, survivorOf: (id) => survivors.get(id) ?? id };
};

/**
 * Whether a career reads the list itself: an opening balance of the player that no tournament he was rated in
 * followed (on its date or later; see `careerFold`).
 */
export const needsList = (rows: CareerRows, key: string): boolean =>
  rows.facts.some((f) => f.kind === 'opening-balance' && !rows.runs.some((r) => r.date >= f.date && r.report.players.some((p) => p.method !== 'not-rated' && nameKey(p) === key)));

/**
 * The run the fold made of a tournament, from what the engine rated it from (`explain`: with the per-game terms, as
 * `reports` runs keep them; without, as `changes` runs).
 */
export const runOf = (inputs: RunInputs, explain: boolean): TournamentRun => {
  const { tournamentId, name, date, ruleSet, subList, subNew, event, players } = inputs;
  const rated = FESA_CONTRACTS[ruleSet]!.rateEventFile(subList, subNew, event, explain);
  // the engine is a pure function of these, and it rated them when they were saved
  if (E.isLeft(rated)) throw new Error(`tournament "${tournamentId}" rated when the read model was saved, not when read: ${rated.left.message}`);
  const before = new Map([...subNew, ...subList].map((p) => [nameKey(p), p]));
  return { tournamentId, name, date, ruleSet, before, after: rated.right.inInputOrder, report: rated.right.report, players };
};
