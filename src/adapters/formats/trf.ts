import * as E from 'fp-ts/Either';
import { withoutUtf8Bom } from './files';
import { isValidIsoDate } from '../../../domain/events/common';
import { TRF_RESULT_CODES, trfPoints, type TrfBye, type TrfGame, type TrfPlayer, type TrfResultCode, type TrfRoundEntry, type TrfTournament } from '../../app/trf-file';

/**
 * FIDE's Tournament Report File: TRF16 (FIDE handbook C.04 Annex 2, approved Elista 2015) and TRF-2026 (approved by
 * the FIDE Council 12/05/2025, applied from 01/09/2025). Both are fixed-column text: a three-character record tag at
 * positions 1-3, the tournament section in `??2` records (012 name, 022 city, 032 federation, 042/052 start and end,
 * 132 round dates) and one `001` record per player whose round results start at position 92, ten columns a round.
 * Records this ledger has no fact for (team sections 013/310, byes 240, accelerations 250, NRS records, JaVaFo's XX?
 * lines, `###` comments) are read over. Positions below are the spec's: 1-based and inclusive.
 */

/** A report's text: UTF-8 as FIDE asks, else Latin-1 (the older pairing programs' files). */
export const decodeTrf = (bytes: Buffer): string => {
  const text = withoutUtf8Bom(bytes);
  const utf8 = text.toString('utf8');
  return utf8.includes('\uFFFD') ? text.toString('latin1') : utf8;
};

/** A refusal naming the file, the line and the columns (as the spec numbers them) with what was expected. */
export class TrfError extends Error {
  constructor(readonly file: string, readonly line: number, readonly field: string, readonly detail: string) {
    super(`${file}, line ${line}${field ? `, ${field}` : ''}: ${detail}`);
    this.name = 'TrfError';
  }
}

/** Records that exist only in TRF-2026 (the 2016 text has none of them). */
const TRF_2026_TAGS = new Set(['162', '172', '182', '192', '202', '212', '222', '240', '250', '260', '299', '300', '310', '320', '330', '352', '362', '801', '802']);

const cols = (text: string, from: number, to: number): string => text.slice(from - 1, to);
const roundColumn = (round: number): number => 92 + 10 * (round - 1);

const COMPLEMENT: Record<TrfResultCode, TrfResultCode> = {
  '1': '0', '0': '1', '=': '=', '+': '-', '-': '+', W: 'L', L: 'W', D: 'D', H: 'H', F: 'F', U: 'U', Z: 'Z',
};

/** 042/052: the spec's YYYY/MM/DD; real files also write YYYY-MM-DD, DD.MM.YYYY and DD/MM/YYYY (JaVaFo's sample). */
const parseDate = (raw: string): string | undefined => {
  const ymd = /^(\d{4})[/.-](\d{2})[/.-](\d{2})$/.exec(raw);
  const dmy = /^(\d{2})[/.](\d{2})[/.](\d{4})$/.exec(raw);
  const iso = ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : undefined;
  return iso !== undefined && isValidIsoDate(iso) ? iso : undefined;
};

/** 132: YY/MM/DD, the century taken from the start date (else 20YY); a full YYYY/MM/DD is read too. */
const parseRoundDate = (raw: string, startDate: string | null): string | undefined => {
  const full = parseDate(raw);
  if (full) return full;
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(raw);
  if (!m) return undefined;
  const iso = `${startDate ? startDate.slice(0, 2) : '20'}${m[1]}-${m[2]}-${m[3]}`;
  return isValidIsoDate(iso) ? iso : undefined;
};

type Parsed<T> = E.Either<TrfError, T>;

const parsePlayer = (file: string, line: number, text: string): Parsed<TrfPlayer> => {
  const fail = (field: string, detail: string) => E.left(new TrfError(file, line, field, detail));
  const rankText = cols(text, 5, 8).trim();
  if (!/^\d{1,4}$/.test(rankText) || Number(rankText) < 1) return fail('columns 5-8 (starting rank)', `expected a starting rank 1 to 9999, got "${rankText}"`);
  const name = cols(text, 15, 47).trim();
  if (name === '') return fail('columns 15-47 (name)', 'the player has no name; expected "Lastname, Firstname"');
  const ratingText = cols(text, 49, 52).trim();
  if (ratingText !== '' && !/^\d{1,4}$/.test(ratingText)) return fail('columns 49-52 (FIDE rating)', `expected a rating of up to four digits or blanks, got "${ratingText}"`);
  const fideText = cols(text, 58, 68).trim();
  if (fideText !== '' && !/^\d{1,11}$/.test(fideText)) return fail('columns 58-68 (FIDE number)', `expected digits or blanks, got "${fideText}"`);
  const birthText = cols(text, 70, 79).trim();
  // "YYYY/MM/DD", and in practice "YYYY/00/00" or the year alone; 0000 means not known
  const birth = /^(\d{4})(?:[/.-]\d{2}[/.-]\d{2})?$/.exec(birthText);
  if (birthText !== '' && !birth) return fail('columns 70-79 (birth date)', `expected YYYY/MM/DD or blanks, got "${birthText}"`);
  const birthYear = birth && Number(birth[1]) >= 1900 && Number(birth[1]) <= 2999 ? Number(birth[1]) : null;
  const finalRankText = cols(text, 86, 89).trim();
  if (finalRankText !== '' && !/^\d{1,4}$/.test(finalRankText)) return fail('columns 86-89 (rank)', `expected the final rank (1 to 9999) or blanks, got "${finalRankText}"`);
  const rounds: TrfRoundEntry[] = [];
  for (let round = 1; roundColumn(round) <= text.length; round++) {
    const at = roundColumn(round);
    const where = `round ${round} (columns ${at}-${at + 7})`;
    const opponentText = cols(text, at, at + 3).trim();
    if (opponentText !== '' && !/^\d{1,4}$/.test(opponentText)) return fail(where, `expected the opponent's starting rank or 0000, got "${opponentText}"`);
    const colourText = cols(text, at + 5, at + 5).toLowerCase();
    if (!['w', 'b', '-', ' ', ''].includes(colourText)) return fail(where, `expected the colour w, b or -, got "${colourText}"`);
    const resultText = cols(text, at + 7, at + 7).toUpperCase();
    const result = (resultText === ' ' || resultText === '' ? 'Z' : resultText) as TrfResultCode;
    if (!(TRF_RESULT_CODES as readonly string[]).includes(result)) return fail(where, `expected a result ${TRF_RESULT_CODES.join(' ')} (or blank), got "${resultText}"`);
    const opponent = opponentText === '' || Number(opponentText) === 0 ? null : Number(opponentText);
    const colour = colourText === 'w' || colourText === 'b' ? colourText : null;
    if (opponent === null && ['1', '0', '=', 'W', 'D', 'L'].includes(result)) return fail(where, `result "${result}" is a game, but there is no opponent (0000)`);
    if (opponent !== null && ['H', 'F', 'U', 'Z'].includes(result)) return fail(where, `result "${result}" is a bye, but an opponent (${opponent}) is given`);
    rounds.push({ round, opponent, colour, result });
  }
  return E.right({
    line, startRank: Number(rankText), sex: cols(text, 10, 10).trim(), title: cols(text, 11, 13).trim(), name,
    rating: ratingText === '' || Number(ratingText) === 0 ? null : Number(ratingText), federation: cols(text, 54, 56).trim(),
    fideId: fideText === '' || Number(fideText) === 0 ? null : String(Number(fideText)), birthYear,
    rank: finalRankText === '' || Number(finalRankText) === 0 ? null : Number(finalRankText), rounds,
  });
};

/** Pairs every game from its two lines: each side must name the other, with opposite colours and results. */
const pairGames = (file: string, players: readonly TrfPlayer[]): Parsed<{ games: TrfGame[]; byes: TrfBye[] }> => {
  const byRank = new Map(players.map((p) => [p.startRank, p]));
  const games: TrfGame[] = [];
  const byes: TrfBye[] = [];
  for (const p of players) {
    for (const entry of p.rounds) {
      const where = `round ${entry.round} (columns ${roundColumn(entry.round)}-${roundColumn(entry.round) + 7})`;
      if (entry.opponent === null) {
        byes.push({ round: entry.round, player: p.startRank, result: entry.result });
        continue;
      }
      const opponent = byRank.get(entry.opponent);
      if (!opponent) return E.left(new TrfError(file, p.line, where, `opponent ${entry.opponent} has no 001 line in the file`));
      if (opponent.startRank === p.startRank) return E.left(new TrfError(file, p.line, where, `player ${p.startRank} is paired with himself`));
      const other = opponent.rounds.find((r) => r.round === entry.round);
      const expected = `${String(p.startRank).padStart(4)} ${entry.colour === 'w' ? 'b' : entry.colour === 'b' ? 'w' : '-'} ${COMPLEMENT[entry.result]}`;
      // a double forfeit is "-" on both lines
      const agrees =
        other !== undefined && other.opponent === p.startRank && (other.result === COMPLEMENT[entry.result] || (entry.result === '-' && other.result === '-')) &&
        (entry.colour === null ? other.colour === null : other.colour !== null && other.colour !== entry.colour);
      if (!agrees) {
        const found = other ? `"${String(other.opponent ?? 0).padStart(4, other.opponent === null ? '0' : ' ')} ${other.colour ?? '-'} ${other.result}"` : 'nothing';
        return E.left(new TrfError(file, p.line, where, `player ${p.startRank} meets ${opponent.startRank} (${entry.colour ?? '-'} ${entry.result}), but line ${opponent.line} of player ${opponent.startRank} has ${found} in that round; expected "${expected}"`));
      }
      // each game once: from White's line, or (no colours) from the lower starting rank's
      const mine = entry.colour === 'w' || (entry.colour === null && p.startRank < opponent.startRank);
      if (mine) games.push({ round: entry.round, first: p.startRank, second: opponent.startRank, firstColour: entry.colour === 'w' ? 'white' : null, result: entry.result });
    }
  }
  games.sort((a, b) => a.round - b.round || a.first - b.first);
  return E.right({ games, byes });
};

/** Reads a TRF16 or TRF-2026 file; the first fault is returned naming its line and columns. */
export const parseTrf = (text: string, file: string): Parsed<TrfTournament> => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const tags = new Map<string, { line: number; value: string; text: string }>();
  const players: TrfPlayer[] = [];
  let version: TrfTournament['version'] = 'TRF16';
  const deputyArbiters: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.replace(/\s+$/, '');
    const line = i + 1;
    if (text === '' || text.startsWith('###')) continue;
    const tag = text.slice(0, 3);
    if (!/^[0-9A-Z]{3}$/.test(tag) || (text.length > 3 && text[3] !== ' ')) {
      return E.left(new TrfError(file, line, 'columns 1-3', `expected a record tag (001, 012, 022, 042, …) followed by a space, got ${JSON.stringify(text.slice(0, 12))}`));
    }
    if (TRF_2026_TAGS.has(tag)) version = 'TRF-2026';
    if (tag === '001') {
      const player = parsePlayer(file, line, text);
      if (E.isLeft(player)) return player;
      const twin = players.find((p) => p.startRank === player.right.startRank);
      if (twin) return E.left(new TrfError(file, line, 'columns 5-8 (starting rank)', `starting rank ${twin.startRank} is already given to line ${twin.line}`));
      players.push(player.right);
    } else if (tag === '112') {
      if (text.slice(4).trim() !== '') deputyArbiters.push(text.slice(4).trim());
    } else if (/^\d\d2$/.test(tag) && !tags.has(tag)) tags.set(tag, { line, value: text.slice(4).trim(), text });
  }
  const name = tags.get('012');
  if (!name || name.value === '') return E.left(new TrfError(file, name?.line ?? 1, '', 'the file has no tournament name (a 012 record); is it a TRF file?'));
  if (players.length === 0) return E.left(new TrfError(file, lines.length, '', 'the file has no player (001) records'));
  const date = (tag: '042' | '052'): Parsed<string | null> => {
    const record = tags.get(tag);
    if (!record || record.value === '') return E.right(null);
    const iso = parseDate(record.value);
    return iso ? E.right(iso) : E.left(new TrfError(file, record.line, `record ${tag} (date of ${tag === '042' ? 'start' : 'end'})`, `expected a date YYYY/MM/DD, got "${record.value}"`));
  };
  const startDate = date('042');
  if (E.isLeft(startDate)) return startDate;
  const endDate = date('052');
  if (E.isLeft(endDate)) return endDate;
  const roundDates: (string | null)[] = [];
  const dates = tags.get('132');
  if (dates) {
    for (let round = 1; roundColumn(round) <= dates.text.length; round++) {
      const raw = cols(dates.text, roundColumn(round), roundColumn(round) + 7).trim();
      const iso = raw === '' ? null : parseRoundDate(raw, startDate.right);
      if (iso === undefined) return E.left(new TrfError(file, dates.line, `record 132, round ${round} (columns ${roundColumn(round)}-${roundColumn(round) + 7})`, `expected a date YY/MM/DD, got "${raw}"`));
      roundDates.push(iso);
    }
  }
  const paired = pairGames(file, players);
  if (E.isLeft(paired)) return paired;
  return E.right({
    version, name: name.value, city: tags.get('022')?.value ?? '', federation: tags.get('032')?.value ?? '',
    startDate: startDate.right, endDate: endDate.right, roundDates, chiefArbiter: tags.get('102')?.value ?? '', deputyArbiters, players, ...paired.right,
  });
};

// ---- writing ----------------------------------------------------------------------------------------------------

const place = (line: string[], at: number, value: string): void => {
  for (let i = 0; i < value.length; i++) line[at - 1 + i] = value[i]!;
};
const blankLine = (): string[] => [];
const joined = (line: string[]): string => Array.from(line, (c) => c ?? ' ').join('').replace(/\s+$/, '');
const slashDate = (iso: string): string => iso.replaceAll('-', '/');

/**
 * Writes TRF-2026: the tournament records, 062 (number of players), 162 (the scoring: win 1, draw 0.5), 102 and 112 (the arbiters, when known), 132 with
 * the round dates, one 001 record per player with his points, final rank and round entries. Lines end with CR LF (Remark 1 asks for a CR at the end of each line; LF after it
 * keeps the file readable where CR alone is not a line end).
 */
export const formatTrf = (t: Omit<TrfTournament, 'games' | 'byes' | 'version'>): string => {
  const out: string[] = [`012 ${t.name}`, `022 ${t.city}`];
  if (t.federation) out.push(`032 ${t.federation}`);
  if (t.startDate) out.push(`042 ${slashDate(t.startDate)}`);
  if (t.endDate) out.push(`052 ${slashDate(t.endDate)}`);
  out.push(`062 ${t.players.length}`);
  out.push(`072 ${t.players.filter((p) => p.rating !== null).length}`);
  // TRF-2026's scoring record: the points of columns 81-84 are counted with it (trfPoints, src/app/trf-file.ts)
  out.push('162  W 1.0    D 0.5    L 0.0');
  if (t.chiefArbiter) out.push(`102 ${t.chiefArbiter}`);
  for (const deputy of t.deputyArbiters) out.push(`112 ${deputy}`);
  if (t.roundDates.some((d) => d !== null)) {
    const line = blankLine();
    place(line, 1, '132');
    t.roundDates.forEach((d, i) => d && place(line, roundColumn(i + 1), `${d.slice(2, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)}`));
    out.push(joined(line));
  }
  const rounds = Math.max(0, ...t.players.map((p) => p.rounds.length));
  if (rounds > 0) out.push(`142 ${rounds}`);
  for (const p of t.players) {
    const line = blankLine();
    place(line, 1, '001');
    place(line, 5, String(p.startRank).padStart(4));
    place(line, 10, (p.sex || ' ').slice(0, 1));
    place(line, 11, p.title.padStart(3).slice(0, 3));
    place(line, 15, p.name.slice(0, 33));
    place(line, 49, p.rating === null ? '    ' : String(p.rating).padStart(4));
    place(line, 54, p.federation.slice(0, 3));
    place(line, 58, (p.fideId ?? '').padStart(11));
    place(line, 70, p.birthYear === null ? '' : `${p.birthYear}/00/00`);
    place(line, 81, trfPoints(p.rounds).toFixed(1).padStart(4));
    if (p.rank !== null) place(line, 86, String(p.rank).padStart(4));
    for (const r of p.rounds) {
      const at = roundColumn(r.round);
      place(line, at, (r.opponent === null ? '0000' : String(r.opponent).padStart(4)));
      place(line, at + 5, r.colour ?? '-');
      place(line, at + 7, r.result);
    }
    out.push(joined(line));
  }
  return `${out.join('\r\n')}\r\n`;
};

