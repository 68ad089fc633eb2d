/**
 * The records the FESA fold builds a list from, outside the engine: a newcomer's record, the list a reconcile leaves,
 * an opening-balance group's records, an adjustment's filter, grades in the program's order (split from history.ts,
 * which keeps the fold itself).
 */
import * as E from 'fp-ts/Either';
import type { GameFacts, ListReconciled, LoggedEvent, OpeningBalanceImported, PlayerRegistered, RatingAdjusted } from '../../domain/events';
import { parseGrade } from '../../domain/rules/fesa/grades';
import { type DeclaredGrade, firstDeclared, gradeDeclaredBy } from '../declared-grades';
import { unratedRecord } from '../../domain/rules/fesa/records';
import type { FesaHome, FesaPlayer } from '../../domain/rules/fesa/types';
import type { ListName } from './list-names';
import { nameKey } from './name-key';
import { decodeFesaPlayerState, withPinnedFields } from './player-state';

/** The facts of a game without its envelope (kept for a million games in a rebuild: no spreads, one shape). */
export const gameFacts = (e: GameFacts): GameFacts => {
  const facts: { -readonly [K in keyof GameFacts]: GameFacts[K] } = { round: e.round, first: e.first, second: e.second, result: e.result };
  if (e.handicap) facts.handicap = e.handicap;
  if (e.timeControl) facts.timeControl = e.timeControl;
  if (e.replayOf !== undefined) facts.replayOf = e.replayOf;
  if (e.byePoints !== undefined) facts.byePoints = e.byePoints;
  return facts;
};

/**
 * The prior grade a newcomer enters the list with: the latest declared by that date (by date, not by the order
 * recorded: projections/declared-grades.ts); a player who plays before any of his declarations is dated (registered
 * after the fact) takes the first one by date — the date of a declaration says when the ledger learned it, not from
 * when it holds.
 */
export const latestGrade = (grades: readonly DeclaredGrade[] | undefined, by: string): string | undefined =>
  gradeDeclaredBy(grades, by) ?? firstDeclared(grades)?.grade;

export { parseGrade } from '../../domain/rules/fesa/grades';

/** Orders grades: no grade < 20 Kyu < … < 1 Kyu < 1 Dan < … < Pro. */
export const gradeOrder = (level: number, name: string): number =>
  name === 'Kyu' ? 21 - level : name === 'Dan' ? 20 + level : name === 'Pro' ? 40 + level : 0;

/**
 * A player entering the list: the record the program builds from a `nye-spillere` entry (under `name`, the name the
 * list knows him by, when his registration's is a namesake's).
 */
export const newPlayerRecord = (reg: PlayerRegistered, grade: string | undefined, name?: ListName): FesaPlayer => {
  const [nsrLevel, nsrName] = grade ? parseGrade(grade) : [0, ''];
  const homes: FesaHome[] = (reg.homes ?? [{ list: 'E', nationality: reg.country, residence: reg.country }]).map((h) => ({
    list: h.list,
    nationality: h.nationality,
    residens: h.residence,
    last: h.lastPlayed ?? null,
  }));
  return unratedRecord(name?.lastName ?? reg.familyName, name?.firstName ?? reg.givenName, homes, nsrLevel, nsrName);
};

/**
 * The list a reconcile leaves: the file's players in the file's order, each with his record as folded so far and the
 * pinned fields put in (a player the list did not hold starts from a never-rated record); players the file does not
 * name leave the list. An id without a registration names nobody and is skipped.
 */
export const reconciledList = (list: readonly FesaPlayer[], e: ListReconciled, nameOf: (playerId: string) => { lastName: string; firstName: string } | undefined): FesaPlayer[] => {
  const current = new Map<string, FesaPlayer>();
  for (const p of list) if (!current.has(nameKey(p))) current.set(nameKey(p), p);
  const pins = new Map(e.pins.map((p) => [p.playerId, p.fields]));
  const out: FesaPlayer[] = [];
  for (const id of e.order) {
    const name = nameOf(id);
    // an id merged into another one the file also names is that player once (the first named)
    if (!name || out.some((p) => nameKey(p) === nameKey(name))) continue;
    const base = current.get(nameKey(name)) ?? unratedRecord(name.lastName, name.firstName, []);
    const fields = pins.get(id);
    const record = fields === undefined ? base : withPinnedFields(base, fields);
    // the registration names the player (a pin may hold a name corrected since)
    out.push(nameKey(record) === nameKey(name) ? record : { ...record, lastName: name.lastName, firstName: name.firstName });
  }
  return out;
};

/**
 * The records of one opening-balance group (one source list), in that list's order, under the names the players'
 * registrations give them now (a registration corrected after the import renames the record).
 */
export const decodeOpeningGroup = (
  group: readonly LoggedEvent[],
  nameOf: (playerId: string) => { lastName: string; firstName: string } | undefined,
  survivorOf: (playerId: string) => string = (id) => id,
): E.Either<string, { player: FesaPlayer; listIndex: number }[]> => {
  const ordered: { player: FesaPlayer; listIndex: number }[] = [];
  // A list holding both a survivor and an id merged into him holds one person twice: the survivor's own record counts.
  const own = new Set<string>();
  for (const fact of group) {
    const id = (fact.event as OpeningBalanceImported).playerId;
    if (survivorOf(id) === id) own.add(id);
  }
  for (const fact of group) {
    const e = fact.event as OpeningBalanceImported;
    if (survivorOf(e.playerId) !== e.playerId && own.has(survivorOf(e.playerId))) continue;
    const decoded = decodeFesaPlayerState(e.state, `opening balance of ${e.playerId} (position ${fact.globalPosition})`);
    if (E.isLeft(decoded)) return decoded;
    const name = nameOf(e.playerId);
    const player = name && nameKey(name) !== nameKey(decoded.right.player) ? { ...decoded.right.player, lastName: name.lastName, firstName: name.firstName } : decoded.right.player;
    ordered.push({ player, listIndex: decoded.right.listIndex ?? Number.MAX_SAFE_INTEGER });
  }
  return E.right(ordered.sort((a, b) => a.listIndex - b.listIndex));
};

/** The players an opening-balance group is about (ids merged into others as their survivors). */
export const openingPlayerIds = (group: readonly LoggedEvent[], survivorOf: (playerId: string) => string): string[] =>
  group.map((f) => survivorOf((f.event as OpeningBalanceImported).playerId));

export const matchesFilter = (
  p: FesaPlayer,
  id: string | undefined,
  f: RatingAdjusted['target'] extends infer T ? (T extends { kind: 'filter'; filter: infer F } ? F : never) : never,
  date: string,
  survivorOf: (playerId: string) => string,
): boolean =>
  (f.minRating === undefined || p.eloNumber >= f.minRating) &&
  (f.maxRating === undefined || p.eloNumber <= f.maxRating) &&
  (f.country === undefined || p.nationalityList.some((h) => h.nationality === f.country)) &&
  (f.activeSince === undefined || (p.lastPlayed !== null && p.lastPlayed >= f.activeSince)) &&
  (f.playerIds === undefined || (id !== undefined && (f.playerIds as readonly string[]).some((named) => survivorOf(named) === id))) &&
  date !== '';
