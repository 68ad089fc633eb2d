/** Harness JSON → typed pan-atlantic inputs. Failures name the JSON path. */
import * as E from 'fp-ts/Either';
import {
  Decoded, asBoolean, asInt, asIntOrNull, asNumber, asRecord, asScore, decodePlayers, fail, isRecord, show,
} from '../elo-common/decode';
import { GRADES, Grade, isGrade } from './tables';
import { Entry } from './performance';
import { StreakEntry } from './promotion';
import { PanEvent, PanPlayer, checkPlayerState } from './rate-event';
import { DriftCurrentPlayer, DriftSnapshotPlayer } from './officer';

const gradeList = `"${GRADES[0]}" … "1-kyu", "1-dan" … "${GRADES[GRADES.length - 1]}"`;

export const decodeGrade = (v: unknown, path: string): Decoded<Grade> =>
  isGrade(v) ? E.right(v) : fail(path, `${path} must be a grade ${gradeList}; got ${show(v)}.`);

const decodeGradeOrNull = (v: unknown, path: string): Decoded<Grade | null> =>
  v === undefined || v === null ? E.right(null) : decodeGrade(v, path);

export const decodeEvent = (v: unknown, path: string): Decoded<PanEvent> => {
  if (v === undefined) return E.right({ region: 'america', orderKnown: true });
  if (!isRecord(v)) return fail(path, `${path} must be an object {"region", "orderKnown"}; got ${show(v)}.`);
  const region = v.region ?? 'america';
  if (region !== 'america' && region !== 'europe') return fail(`${path}.region`, `${path}.region must be "america" or "europe"; got ${show(region)}.`);
  const orderKnown = asBoolean(v.orderKnown ?? true, `${path}.orderKnown`);
  return E.isLeft(orderKnown) ? orderKnown : E.right({ region, orderKnown: orderKnown.right });
};

export const decodeEntries = (v: unknown, path: string): Decoded<Entry[]> => {
  if (!Array.isArray(v)) return fail(path, `${path} must be a list of [opponent rating, score] pairs; got ${show(v)}.`);
  const out: Entry[] = [];
  for (let i = 0; i < v.length; i++) {
    const p = `${path}[${i}]`;
    const e: unknown = v[i];
    if (!Array.isArray(e) || e.length !== 2) return fail(p, `${p} must be a pair [opponent rating, score]; got ${show(e)}.`);
    const opp = asNumber(e[0], `${p}[0]`);
    if (E.isLeft(opp)) return opp;
    const s = asScore(e[1], `${p}[1]`);
    if (E.isLeft(s)) return s;
    out.push([opp.right, s.right]);
  }
  return E.right(out);
};

const decodeStreaks = (v: unknown, path: string): Decoded<Partial<Record<Grade, StreakEntry>>> => {
  if (v === undefined) return E.right({});
  const rec = asRecord(v, path);
  if (E.isLeft(rec)) return rec;
  const out: Partial<Record<Grade, StreakEntry>> = {};
  for (const [g, raw] of Object.entries(rec.right)) {
    const p = `${path}.${g}`;
    if (!isGrade(g)) return fail(p, `${path} has key ${show(g)}, which is not a grade (${gradeList}).`);
    const e = asRecord(raw, p);
    if (E.isLeft(e)) return e;
    const lb = asInt(e.right.lb, `${p}.lb`, 0);
    if (E.isLeft(lb)) return lb;
    const mp = asInt(e.right.mp ?? 0, `${p}.mp`, 0);
    if (E.isLeft(mp)) return mp;
    const seen = asBoolean(e.right.mpSeen ?? mp.right > 0, `${p}.mpSeen`);
    if (E.isLeft(seen)) return seen;
    if (mp.right > lb.right) return fail(`${p}.mp`, `${p}.mp (${mp.right}) cannot exceed ${p}.lb (${lb.right}): the mid-point run lies inside the lower-bound run.`);
    if (lb.right > 0) out[g] = { lb: lb.right, mp: mp.right, mpSeen: seen.right };
  }
  return E.right(out);
};

/** Player state (spec §1); missing fields take the defaults 0 / [] / null / {}. */
export const decodePanPlayer = (raw: Record<string, unknown>, path: string): Decoded<PanPlayer> => {
  const rating = asIntOrNull(raw.rating ?? null, `${path}.rating`);
  if (E.isLeft(rating)) return rating;
  const games = asInt(raw.games ?? 0, `${path}.games`, 0);
  if (E.isLeft(games)) return games;
  const record = decodeEntries(raw.record ?? [], `${path}.record`);
  if (E.isLeft(record)) return record;
  const clubGrade = decodeGradeOrNull(raw.clubGrade, `${path}.clubGrade`);
  if (E.isLeft(clubGrade)) return clubGrade;
  const grade = decodeGradeOrNull(raw.grade, `${path}.grade`);
  if (E.isLeft(grade)) return grade;
  const streaks = decodeStreaks(raw.streaks, `${path}.streaks`);
  if (E.isLeft(streaks)) return streaks;
  const pr = raw.pendingRatification ?? null;
  if (pr !== null && pr !== '5-dan' && pr !== '6-dan') {
    return fail(`${path}.pendingRatification`, `${path}.pendingRatification must be "5-dan", "6-dan" or null; got ${show(pr)}.`);
  }
  return checkPlayerState({
    rating: rating.right, games: games.right, record: record.right, clubGrade: clubGrade.right, grade: grade.right,
    streaks: streaks.right, pendingRatification: pr,
  }, path);
};

export const decodePanPlayers = (v: unknown, path: string): Decoded<Record<string, PanPlayer>> =>
  decodePlayers(v, path, decodePanPlayer);

export const decodeSnapshot = (v: unknown, path: string): Decoded<Record<string, DriftSnapshotPlayer>> =>
  decodePlayers(v, path, (raw, p) => {
    const rating = asIntOrNull(raw.rating ?? null, `${p}.rating`);
    if (E.isLeft(rating)) return rating;
    const games = asInt(raw.games ?? 0, `${p}.games`, 0);
    if (E.isLeft(games)) return games;
    const active = asBoolean(raw.active ?? true, `${p}.active`);
    if (E.isLeft(active)) return active;
    return E.right({ rating: rating.right, games: games.right, active: active.right });
  });

export const decodeCurrent = (v: unknown, path: string): Decoded<Record<string, DriftCurrentPlayer>> =>
  decodePlayers(v, path, (raw, p) => {
    const rating = asIntOrNull(raw.rating ?? null, `${p}.rating`);
    if (E.isLeft(rating)) return rating;
    const active = asBoolean(raw.active ?? true, `${p}.active`);
    if (E.isLeft(active)) return active;
    return E.right({ rating: rating.right, active: active.right });
  });
