/**
 * Where a fold of the non-FESA rule sets resumes after a write: every rule set's player states and last-played dates
 * after the items dated before a cut date (projections/generic/history.ts `GenericCut`), saved next to the log with
 * the list models (rule-set-list-model.ts) at the position they reflect. A fact recorded since that touches only
 * items from the cut on — a late or corrected result of a recent tournament, a balance, a new tournament — is folded
 * from the cut over the tournaments ending from it on, not from the first fact of the ledger; anything else (a merge,
 * an adoption, a corrected registration, a result older than the cut) makes the models anew. Derived and droppable: a
 * cut of another format, log or position is not read.
 *
 * Two cuts are kept: the **coarse** one on the first day of the year before the last item's, where the careers model
 * is split into head records and tails (rule-set-career-model.ts); and the **fine** one before the last
 * `foldCutSettings.fineTournaments` tournaments the fold rates. A write's consequences (saved-ratings.ts), the list
 * models and the careers' tails after it resume from the fine one where the facts since touch nothing before it
 * (the tournaments folded again for a late result of a recent tournament are then as many at a million games as at a
 * thousand), else from the coarse one. A fold from the first fact, or resumed at the coarse cut, saves both at its
 * position; one resumed at the fine cut cannot make a coarse one and saves the fine one alone (not even that while
 * its date stays: `FINE_CUT_KEPT` in rule-set-list-model.ts), so each is checked from its own position: it holds while
 * every fact recorded since it touches only items from its date on.
 */
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { ruleSetInForce, type GenericCut } from '../../projections/generic/history';
import { isGenericRuleSet, type GenericRuleSetId } from '../../projections/generic/systems';
import { hash53 } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { RatedTournamentIndex } from './rated-tournament';

export const RULE_SET_FOLD_CUT_FORMAT = 1;
/** Which of the two cuts (see above). */
export type CutGrain = 'coarse' | 'fine';
const cutName = (grain: CutGrain): string => `rule-set-fold-cut-${RULE_SET_FOLD_CUT_FORMAT}${grain === 'fine' ? ':fine' : ''}`;
const CHUNK = 20_000;

/**
 * How many of the last tournaments the fine cut leaves to be folded again: a setting, not a constant, so that a test's
 * ledger of a few tournaments has a fine cut apart from the coarse one.
 */
export const foldCutSettings = { fineTournaments: 32 };

/** A cut as saved: the fold's states at `cut.date`, the log position and hash they reflect, and the awards dated from the cut on. */
export interface SavedFoldCut {
  readonly position: number;
  readonly head: string | null;
  readonly cut: GenericCut;
  /**
   * The grade awards dated on or after the cut that the whole slice holds: they are facts of players' streams, which a
   * resumed slice reads only for the players of tournaments from the cut on.
   */
  readonly awards: readonly LoggedEvent[];
}

/** The cut date a fold whose last item is dated `lastDate` keeps: the first day of the year before (two seasons folded again at most). */
export const cutDateFor = (lastDate: string): string => (lastDate === '' ? '0000-01-01' : `${Number(lastDate.slice(0, 4)) - 1}-01-01`.padStart(10, '0'));

/**
 * The fine cut's date: the end date of the `foldCutSettings.fineTournaments`-th last tournament of `facts` (a list
 * slice: the tournaments the non-FESA fold rates), but never before `coarse`; `coarse` itself when fewer are dated from it on.
 */
export const fineCutDateFor = (facts: readonly LoggedEvent[], coarse: string): string => {
  const ends = new Map<string, string>();
  for (const { event: e } of facts) if (e.type === 'TournamentRegistered') ends.set(e.tournamentId, e.endDate);
  const dates = [...ends.values()].filter((d) => d >= coarse).sort();
  const n = foldCutSettings.fineTournaments;
  return dates.length > n ? dates[dates.length - n]! : coarse;
};

/** The awards of `facts` dated on or after `date` (carried with a cut: see `SavedFoldCut.awards`). */
export const awardsFrom = (facts: readonly LoggedEvent[], date: string): LoggedEvent[] => facts.filter((f) => f.event.type === 'GradeAwarded' && f.event.validDate >= date);

type Entry = readonly [ruleSet: string, playerId: string, value: unknown];

const entriesOf = <V>(maps: ReadonlyMap<GenericRuleSetId, ReadonlyMap<string, V>>): Entry[] => [...maps].flatMap(([r, m]) => [...m].map(([id, v]): Entry => [r, id, v]));

const chunked = (part: string, items: readonly unknown[]): (readonly [string, number, string])[] => {
  const chunks: (readonly [string, number, string])[] = [];
  for (let seq = 0; seq * CHUNK < items.length; seq++) chunks.push([part, seq, JSON.stringify(items.slice(seq * CHUNK, (seq + 1) * CHUNK))]);
  return chunks;
};

/**
 * Saves the coarse cut and the fine one (`fine` undefined: none apart from the coarse, which a write then resumes
 * from); `undefined` (a fold that failed before its cut date) leaves none to resume from.
 */
export const saveFoldCuts = async (storage: CheckpointStorage, coarse: SavedFoldCut | undefined, fine: SavedFoldCut | undefined): Promise<void> => {
  // the fine one first: a process reading between the two saves finds the new fine cut beside the coarse one of the
  // position before; saved-ratings.ts falls back to the coarse one only when both hold the same position and head
  await saveFoldCut(storage, coarse && fine, 'fine');
  await saveFoldCut(storage, coarse, 'coarse');
};

/**
 * Saves the fine cut alone, at a later position than the coarse one (a fold resumed at the fine cut, which cannot make
 * a coarse one): the coarse cut saved before still stands for the items before its date, since every fact recorded
 * after it that such a fold reads touches only items from the fine cut on.
 */
export const saveFineCut = (storage: CheckpointStorage, fine: SavedFoldCut): Promise<void> => saveFoldCut(storage, fine, 'fine');

const saveFoldCut = async (storage: CheckpointStorage, saved: SavedFoldCut | undefined, grain: CutGrain): Promise<void> => {
  const name = cutName(grain);
  if (saved === undefined) return storage.save(name, 0, JSON.stringify({ format: 0 }), [], []);
  const chunks = [...chunked('awards', saved.awards), ...chunked('played', entriesOf(saved.cut.lastPlayed)), ...chunked('states', entriesOf(saved.cut.states))];
  const fp = hash53(chunks.map((c) => hash53(c[2]).toString(36)).join('|'));
  const header = { format: RULE_SET_FOLD_CUT_FORMAT, position: saved.position, head: saved.head, date: saved.cut.date, fp };
  await storage.save(name, saved.position, JSON.stringify(header), chunks, []);
};

/**
 * The saved cut (the caller checks that the log still holds `head` at its `position`); undefined when none of this
 * format is saved, or it was changed. The coarse one unless `grain` asks for the fine one, which is the coarse one
 * where none is saved apart from it. (The coarse one by default: a caller that cannot fall back to it from the fine
 * one — a write touching what lies between the two — would fold the whole slice instead, and so would every write
 * after it until a list read saves the cuts again.)
 */
export const loadFoldCut = async (storage: CheckpointStorage, grain: CutGrain = 'coarse'): Promise<SavedFoldCut | undefined> =>
  (grain === 'fine' ? await loadCut(storage, 'fine') : undefined) ?? loadCut(storage, 'coarse');

/** The saved cut of that grain alone (the fine one is not the coarse one where none is saved apart). */
export const loadCut = async (storage: CheckpointStorage, grain: CutGrain): Promise<SavedFoldCut | undefined> => {
  const texts: string[] = [];
  const parts = { awards: [] as LoggedEvent[], played: [] as Entry[], states: [] as Entry[] };
  const text = await storage.load(cutName(grain), (part, data) => {
    texts.push(data);
    if (part === 'awards' || part === 'played' || part === 'states') for (const item of JSON.parse(data) as never[]) parts[part].push(item);
  });
  if (text === undefined) return undefined;
  const header = JSON.parse(text) as { format: number; position: number; head: string | null; date: string; fp: number };
  if (header.format !== RULE_SET_FOLD_CUT_FORMAT) return undefined;
  if (hash53(texts.map((t) => hash53(t).toString(36)).join('|')) !== header.fp) return undefined;
  const mapsOf = <V>(entries: readonly Entry[]): Map<GenericRuleSetId, Map<string, V>> => {
    const maps = new Map<GenericRuleSetId, Map<string, V>>();
    for (const [r, id, v] of entries) {
      const ruleSet = r;
      if (!maps.has(ruleSet)) maps.set(ruleSet, new Map());
      maps.get(ruleSet)!.set(id, v as V);
    }
    return maps;
  };
  return { position: header.position, head: header.head, awards: parts.awards, cut: { date: header.date, states: mapsOf(parts.states), lastPlayed: mapsOf<string>(parts.played) } };
};

/** What facts recorded since a fold touch: nothing it reads, only names, the items from a date on, or all of it. */
export type Touch = { readonly kind: 'none' } | { readonly kind: 'from'; readonly date: string; readonly last: number } | { readonly kind: 'all' };

/** What a fact that reaches every item of the fold touches (none is dated so). */
const ALL = '';
/** A date after every item: what a fact that changes only names touches. */
export const NAMES_ONLY = '9999-12-31';

/**
 * What `facts` (recorded after `after`) touch of the non-FESA fold: `generic` are the tournaments it may rate (its
 * slice's), the index says their end dates and whether one was registered before. A registration matters only where
 * `registrationMatters` says so (its name is listed), and then only for names: a new player has no state yet.
 */
export const touchOf = async (
  facts: AsyncIterable<readonly LoggedEvent[]> | Iterable<readonly LoggedEvent[]>,
  index: RatedTournamentIndex,
  generic: ReadonlySet<string>,
  after: number,
  registrationMatters: (playerId: string) => Promise<boolean>,
): Promise<Touch> => {
  const endDates = new Map([...index.queries.registrationsUpTo(Number.MAX_SAFE_INTEGER)].map(([id, r]) => [id, r.endDate]));
  const registeredBefore = index.queries.registrationsUpTo(after);
  const adoptions = index.queries.factsUpTo(Number.MAX_SAFE_INTEGER).flatMap((f) => (f.event.type === 'RuleSetAdopted' ? [{ event: f.event, position: f.globalPosition }] : []));
  // a tournament registered by facts not yet in the index (a write's own): its rule set in force says whether the fold rates it
  const rated = new Set(generic);
  let date: string | undefined;
  let last = 0;
  const touch = (d: string, position: number): void => {
    if (date === undefined || d < date) date = d;
    last = Math.max(last, position);
  };
  /** The date from which `e` touches the fold's items; ALL: every item; undefined: none. */
  const dateOf = (e: DomainEvent): string | undefined => {
    switch (e.type) {
      case 'ListReconciled':
      case 'RatingListPublished':
      case 'OfficerAppointed':
      case 'OfficerRevoked':
      case 'SubmissionReceived':
      case 'SubmissionApproved':
      case 'SubmissionRejected':
        return undefined;
      case 'PlayerRegistered':
        // a registration names a player no state is kept for yet: names alone
        return NAMES_ONLY;
      case 'OpeningBalanceImported':
      case 'RatingAdjusted':
        return isGenericRuleSet(e.ruleSet) ? e.validDate : undefined;
      case 'GradeAwarded':
        // an award is a fact of the player's stream, which a resumed slice may not read: made anew
        return isGenericRuleSet(e.ruleSet) ? ALL : undefined;
      case 'PriorGradeDeclared':
        // a newcomer's seed from that date on
        return e.validDate;
      case 'TournamentRegistered':
        if (registeredBefore.has(e.tournamentId)) return rated.has(e.tournamentId) || isGenericRuleSet(ruleSetInForce(adoptions, e)) ? ALL : undefined;
        if (!rated.has(e.tournamentId) && !isGenericRuleSet(ruleSetInForce(adoptions, e))) return undefined;
        rated.add(e.tournamentId);
        endDates.set(e.tournamentId, e.endDate);
        return e.endDate;
      case 'GameReported':
      case 'ResultCorrected':
      case 'GameWithdrawn':
      case 'TournamentClosed':
        return rated.has(e.tournamentId) ? (endDates.get(e.tournamentId) ?? ALL) : undefined;
      case 'PlayerRegistrationCorrected':
        // a name (or a club) is the lists' alone; a country filters adjustments and a birth year seeds a newcomer
        return e.country === undefined && e.birthYear === undefined ? NAMES_ONLY : ALL;
      case 'PlayersMerged':
      case 'PlayersUnmerged':
      case 'RuleSetAdopted':
        // an identity holds for the whole record; an adoption moves tournaments between folds
        return ALL;
    }
  };
  for await (const batch of facts) {
    for (const f of batch) {
      const e = f.event;
      if (e.type === 'PlayerRegistered' && !(await registrationMatters(e.playerId))) continue;
      const d = dateOf(e);
      if (d === ALL) return { kind: 'all' };
      if (d !== undefined) touch(d, f.globalPosition);
    }
  }
  return date === undefined ? { kind: 'none' } : { kind: 'from', date, last };
};
