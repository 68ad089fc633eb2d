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
import { logChangedSince } from './chain';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import type { RatedTournamentIndex } from './rated-tournament';

/** 3: the header lists the players' ids, hashed (`CutHeader.ids`), so that a row missing by player is told. */
export const RULE_SET_FOLD_CUT_FORMAT = 3;
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

const chunked = (part: string, items: readonly unknown[]): (readonly [string, number, string])[] => {
  const chunks: (readonly [string, number, string])[] = [];
  for (let seq = 0; seq * CHUNK < items.length; seq++) chunks.push([part, seq, JSON.stringify(items.slice(seq * CHUNK, (seq + 1) * CHUNK))]);
  return chunks;
};

/** What a cut keeps of one player: his state and last-played date under each rule set, each with its place in its map. */
interface PlayerRow {
  /** [rule set, place among that rule set's states, state]. */
  readonly s: (readonly [string, number, unknown])[];
  /** [rule set, place among its last-played dates, date]. */
  readonly p: (readonly [string, number, string])[];
}

const PLAYER_PART = 'p:';
const partOf = (playerId: string): string => `${PLAYER_PART}${playerId}`;
/** A player's row as saved: its own fingerprint (over his id and the row), a space, the row as JSON. */
const rowText = (playerId: string, row: PlayerRow): string => {
  const json = JSON.stringify(row);
  return `${hash53(`${playerId}\u0000${json}`).toString(36)} ${json}`;
};
/** The row of a saved text, undefined when it no longer matches its fingerprint (changed by hand). */
const rowOf = (playerId: string, text: string): PlayerRow | undefined => {
  const space = text.indexOf(' ');
  const json = text.slice(space + 1);
  return hash53(`${playerId}\u0000${json}`).toString(36) === text.slice(0, space) ? (JSON.parse(json) as PlayerRow) : undefined;
};

/** Each player's row of a cut's states and last-played dates (in the order of his first entry). */
const rowsOf = (cut: GenericCut): Map<string, PlayerRow> => {
  const rows = new Map<string, PlayerRow>();
  const rowOfPlayer = (id: string): PlayerRow => {
    let row = rows.get(id);
    if (row === undefined) rows.set(id, (row = { s: [], p: [] }));
    return row;
  };
  for (const [r, m] of cut.states) {
    let place = 0;
    for (const [id, v] of m) rowOfPlayer(id).s.push([r, place++, v]);
  }
  for (const [r, m] of cut.lastPlayed) {
    let place = 0;
    for (const [id, d] of m) rowOfPlayer(id).p.push([r, place++, d]);
  }
  return rows;
};

/**
 * The maps of the rows read, each rule set's in the order it was saved (`order`: the rule sets in their maps' order;
 * a fold's order of states is what a filtered adjustment iterates, and the order of the versions a list model keeps).
 */
const mapsOfRows = (rows: ReadonlyMap<string, PlayerRow>, order: { readonly s: readonly string[]; readonly p: readonly string[] }): Pick<GenericCut, 'states' | 'lastPlayed'> => {
  const placed = <V>(ruleSets: readonly string[], entries: (row: PlayerRow) => readonly (readonly [string, number, V])[]): Map<GenericRuleSetId, Map<string, V>> => {
    // each entry put at its place (no sort: the places of a rule set's map are 0 to its size less one)
    const byRuleSet = new Map<string, (readonly [string, V])[]>(ruleSets.map((r) => [r, []]));
    for (const [id, row] of rows) {
      for (const [r, place, v] of entries(row)) {
        const placed = byRuleSet.get(r);
        if (placed !== undefined) placed[place] = [id, v];
      }
    }
    // (a few players' rows: their places leave holes)
    return new Map([...byRuleSet].map(([r, es]) => [r, new Map(es.filter((e) => e !== undefined))]));
  };
  return { states: placed(order.s, (row) => row.s), lastPlayed: placed(order.p, (row) => row.p) };
};

interface CutHeader {
  readonly format: number;
  readonly position: number;
  readonly head: string | null;
  readonly date: string;
  /** The fingerprint of the awards' chunks and of every player's row (see `fingerprintOf`). */
  readonly fp: number;
  /** How many players' rows are saved. */
  readonly players: number;
  /**
   * The ids of the players whose rows are saved, and their hash (`idsHash`): a read by player knows that a player
   * listed must have a row, so a row deleted by hand makes the cut unread ("fold again"), never a player without his
   * state; the hash tells a list edited by hand.
   */
  readonly ids: readonly string[];
  readonly idsHash: number;
  /** The rule sets of the states' and of the last-played dates' maps, in their order. */
  readonly order: { readonly s: readonly string[]; readonly p: readonly string[] };
}

/**
 * The fingerprint of a cut's chunks: the awards' in order, and the players' rows whatever their order (a store may
 * hand the parts back in its own collation's order).
 */
const fingerprintOf = (awards: readonly string[], rows: Iterable<string>): number => {
  // sums of the hashes' two halves: exact (below 2^53) for any number of rows a cut holds, so in any order the same
  let [low, high, count] = [0, 0, 0];
  for (const row of rows) {
    const h = hash53(row);
    low += h % 2 ** 27;
    high += Math.floor(h / 2 ** 27);
    count++;
  }
  return hash53(`${awards.map((t) => hash53(t).toString(36)).join('|')}|${low.toString(36)}|${high.toString(36)}|${count}`);
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

/** The cuts of the formats before (1: one chunk per 20,000 entries, read whole; 2: no list of ids): dropped as the new ones are saved. */
const FORMER_NAMES = ['rule-set-fold-cut-1', 'rule-set-fold-cut-1:fine', 'rule-set-fold-cut-2', 'rule-set-fold-cut-2:fine'];

const idsHashOf = (ids: readonly string[]): number => hash53(ids.join('\u0000'));

/**
 * A cut is saved with a part per player (`p:<id>`: his states under every rule set, with their own fingerprint), so
 * that a write's comparison reads the rows of the players its fold rates alone (`loadCutHead`, `CutHead.players`)
 * instead of every non-FESA player's.
 */
const saveFoldCut = async (storage: CheckpointStorage, saved: SavedFoldCut | undefined, grain: CutGrain): Promise<void> => {
  const name = cutName(grain);
  if (saved === undefined) return storage.save(name, 0, JSON.stringify({ format: 0 }), [], FORMER_NAMES);
  const awards = chunked('awards', saved.awards);
  const rows = [...rowsOf(saved.cut)].map(([id, row]) => [partOf(id), 0, rowText(id, row)] as const);
  const fp = fingerprintOf(awards.map((c) => c[2]), rows.map((c) => c[2]));
  const order = { s: [...saved.cut.states.keys()], p: [...saved.cut.lastPlayed.keys()] };
  const ids = rows.map(([part]) => part.slice(PLAYER_PART.length));
  const header: CutHeader = { format: RULE_SET_FOLD_CUT_FORMAT, position: saved.position, head: saved.head, date: saved.cut.date, fp, players: rows.length, order, ids, idsHash: idsHashOf(ids) };
  await storage.save(name, saved.position, JSON.stringify(header), [...awards, ...rows], FORMER_NAMES);
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

/** The header of a saved text: undefined when of another format, or its list of ids is not the one saved with it. */
const headerOf = (text: string): CutHeader | undefined => {
  const header = JSON.parse(text) as CutHeader;
  return header.format === RULE_SET_FOLD_CUT_FORMAT && Array.isArray(header.ids) && header.ids.length === header.players && idsHashOf(header.ids) === header.idsHash ? header : undefined;
};

/** The saved cut of that grain alone (the fine one is not the coarse one where none is saved apart), every player's row read. */
export const loadCut = async (storage: CheckpointStorage, grain: CutGrain): Promise<SavedFoldCut | undefined> => {
  const awards: string[] = [];
  const rows = new Map<string, string>();
  const text = await storage.load(cutName(grain), (part, data) => {
    if (part === 'awards') awards.push(data);
    else if (part.startsWith(PLAYER_PART)) rows.set(part.slice(PLAYER_PART.length), data);
  });
  const header = text === undefined ? undefined : headerOf(text);
  if (header === undefined || rows.size !== header.players || header.ids.some((id) => !rows.has(id)) || fingerprintOf(awards, rows.values()) !== header.fp) return undefined;
  const parsed = new Map([...rows].map(([id, t]) => [id, JSON.parse(t.slice(t.indexOf(' ') + 1)) as PlayerRow]));
  return { position: header.position, head: header.head, awards: awards.flatMap((t) => JSON.parse(t) as LoggedEvent[]), cut: { date: header.date, ...mapsOfRows(parsed, header.order) } };
};

/** A saved cut's header and awards, its players' rows read on demand: what a write's comparison reads of it. */
export interface CutHead {
  readonly position: number;
  readonly head: string | null;
  readonly date: string;
  readonly awards: readonly LoggedEvent[];
  /**
   * The cut with the states of `players` alone (every one: the whole cut), read where the cut saved is still this
   * one; undefined when another was saved since or a row was changed by hand. The fold resumed from it must rate no
   * other player and iterate no rule set's states (a filtered adjustment): see `playersReadFrom`.
   */
  readonly withPlayers: (players: ReadonlySet<string> | 'all') => Promise<SavedFoldCut | undefined>;
}

/** The saved cut of that grain alone, its header and awards read (see `CutHead`). */
export const loadCutHead = async (storage: CheckpointStorage, grain: CutGrain): Promise<CutHead | undefined> => {
  const name = cutName(grain);
  const read = await storage.loadParts(name, ['awards']);
  const header = read === undefined ? undefined : headerOf(read.header);
  if (header === undefined) return undefined;
  const awards = read!.chunks.flatMap(([, data]) => JSON.parse(data) as LoggedEvent[]);
  const saved = new Set(header.ids);
  const withPlayers = async (players: ReadonlySet<string> | 'all'): Promise<SavedFoldCut | undefined> => {
    if (players === 'all') {
      const whole = await loadCut(storage, grain);
      return whole?.position === header.position && whole.head === header.head ? whole : undefined;
    }
    // the players asked for that the cut holds: each must come back with his row (one missing was deleted by hand)
    const held = [...players].filter((id) => saved.has(id));
    const rows = await storage.loadParts(name, held.map(partOf));
    if (rows === undefined || rows.header !== read!.header) return undefined;
    const parsed = new Map<string, PlayerRow>();
    for (const [part, text] of rows.chunks) {
      const id = part.slice(PLAYER_PART.length);
      const row = saved.has(id) ? rowOf(id, text) : undefined;
      if (row === undefined) return undefined;
      parsed.set(id, row);
    }
    if (parsed.size !== held.length) return undefined;
    return { position: header.position, head: header.head, awards, cut: { date: header.date, ...mapsOfRows(parsed, header.order) } };
  };
  return { position: header.position, head: header.head, date: header.date, awards, withPlayers };
};

/**
 * The saved cuts in the order a resumed fold tries them — the fine one (its last tournaments folded again), then the
 * coarse one (two seasons) — each as `load` reads it, and undefined where none is saved or it does not hold for the log
 * at `head` (saved after it, or of another log, or of one edited since): the one check a write's comparison
 * (saved-ratings.ts), the list models and the careers (rule-set-career-model.ts) make of a cut before resuming from it.
 */
export async function* cutsInTurn<C extends { readonly position: number; readonly head: string | null }>(
  store: EventStore,
  head: number,
  load: (grain: CutGrain) => Promise<C | undefined>,
): AsyncGenerator<{ readonly grain: CutGrain; readonly cut: C | undefined }> {
  for (const grain of ['fine', 'coarse'] as const) {
    const found = await load(grain);
    const holds = found !== undefined && found.position <= head && (await logChangedSince(store, found.position, found.head)) === undefined;
    yield { grain, cut: holds ? found : undefined };
  }
}

/** The facts of a tournament and of its players' streams: every id they name may be rated by the tournament. */
const NAMING_PLAYERS_RATED: ReadonlySet<DomainEvent['type']> = new Set(['TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed', 'PlayerRegistered', 'PlayerRegistrationCorrected', 'PriorGradeDeclared']);

/**
 * The players whose states a fold resumed at a cut dated `date` over `facts` (a slice from the cut on, and the facts
 * decided) may read: every string a tournament's fact or a player's own fact names (ids among them), the players of
 * the balances, awards and adjustments dated from the cut on, and both ids of every merge joining one of them (the
 * fold keeps a merged person's state under his survivor). 'all' where an adjustment of a non-FESA rule set dated from
 * the cut on targets players by a filter: it reads every state.
 */
export const playersReadFrom = (facts: Iterable<LoggedEvent>, date: string): ReadonlySet<string> | 'all' => {
  const named = new Set<string>();
  const merges: (readonly [string, string])[] = [];
  const strings = (v: unknown): void => {
    if (typeof v === 'string') named.add(v);
    else if (Array.isArray(v)) for (const x of v) strings(x);
    else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) strings(x);
  };
  for (const { event: e } of facts) {
    if (NAMING_PLAYERS_RATED.has(e.type)) strings(e);
    else if (e.type === 'PlayersMerged' || e.type === 'PlayersUnmerged') merges.push([e.survivor, e.absorbed]);
    else if ((e.type === 'OpeningBalanceImported' || e.type === 'GradeAwarded') && e.validDate >= date) named.add(e.playerId);
    else if (e.type === 'RatingAdjusted' && e.validDate >= date) {
      if (e.target.kind === 'player') named.add(e.target.playerId);
      else if (isGenericRuleSet(e.ruleSet)) return 'all';
    }
  }
  for (let grown = true; grown; ) {
    grown = false;
    for (const [a, b] of merges) {
      if (named.has(a) === named.has(b)) continue;
      named.add(a).add(b);
      grown = true;
    }
  }
  return named;
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
