import * as E from 'fp-ts/Either';
import { isValidIsoDate } from '../../../domain/events/common';
import type { EgdBye, EgdGame, EgdPlayer, EgdResult, EgdSymbol, EgdTournament } from '../../app/egd-table';

/**
 * A European Go Database tournament table (`.h`, `.h9`), as the EGF rating program reads it (A. Cieply, "Tournament
 * table format", gemma.ujf.cas.cz/~cieply/GO/format.html): one line per player, "empty lines and everything following
 * the semicolon sign are ignored", except the header records `; CL[…]` (class), `; EV[…]` (event), `; PC[…]` (country,
 * place), `; DT[start,end]`, `; HA[…]` (handicap rule), `; KM[…]` (komi). A player line is the place, the name
 * (surname, given names; words joined by `_`), the grade (`4d`, `15k`, `1p`), the country and club, columns the
 * tournament program adds (MMS, SOS …), one result per round and the player's EGD PIN after `|`. "The number of rounds
 * must be the same for each player"; a result is `<opponent's place><symbol>[/<colour>[<h>]]`, symbol `+` win,
 * `-` loss, `=` jigo, colour `b`/`w`, h the handicap stones ("23+/w (equivalent to 23+/w0)"); a round without a game
 * is `0+` (a free win), `0-` (a free round), `0=` (a free round, 0.5 added). Pairing programs mark a result given
 * without a game with a trailing `!` (never rated here).
 *
 * What real tables add (OpenGotha's export, `generateH9File` and `ScoredPlayer.halfGamesStrings` in
 * lucvannier/opengotha, and its tables in test/fixtures/egd/):
 * - players who share a place have no place on their lines after the first: a line without one is the table's next
 *   line, and the other lines name it by that number;
 * - `!` in place of `/` marks a result given without a game (by default): `22+!w0`;
 * - `?` in place of the colour is an unknown colour; `?` in place of the symbol a game paired but without a result,
 *   which is refused (the table is not final);
 * - a round without a game may carry a digit, as the EGD's own tables write it: `0=0` is `0=`;
 * - score columns marked `39?` (a tie the program could not break), fewer than four score columns padded with `0`;
 * - `; PC[,Olsztyn]`: the program leaves the country empty;
 * - the file is written in ISO-8859-15, not UTF-8 (`decodeEgd`).
 */

export class EgdError extends Error {
  constructor(readonly file: string, readonly line: number, readonly field: string, readonly detail: string) {
    super(`${file}, line ${line}${field ? `, ${field}` : ''}: ${detail}`);
    this.name = 'EgdError';
  }
}

/** `12+/w`, `3-/b2`, `22+!w0` (by default), `8?/w0` (no result), `5+/?0` (colour unknown), `0+`, `0=0`. */
const RESULT = /^(\d+)([+\-=?])(?:([/!])([bwBW?]?)(\d?))?(!?)$/;
const RANK = /^(\d{1,2})([kdpKDP])$/;
const RANK_NAMES: Record<string, string> = { k: 'kyu', d: 'dan', p: 'pro' };
const OPPOSITE: Record<EgdSymbol, EgdSymbol> = { '+': '-', '-': '+', '=': '=' };

type Parsed<T> = E.Either<EgdError, T>;

/** A round's result token, or undefined when the token is not one (`39?` is a score column marked as a tie). */
const resultToken = (token: string): Omit<EgdResult, 'round' | 'symbol'> & { symbol: EgdSymbol | '?' } | undefined => {
  // a round written as a bare "?": a result nobody knows, which the table must settle before it is imported
  if (token === '?') return { opponent: null, symbol: '?', colour: null, stones: 0, unplayed: false };
  const m = RESULT.exec(token);
  if (!m) return undefined;
  const [, opponent, symbol, separator, colour, stones, bang] = m;
  const game = Number(opponent) !== 0;
  if (symbol === '?' && (!game || separator === undefined)) return undefined;
  if (!game && (separator !== undefined || bang === '!')) return undefined;
  return {
    opponent: game ? Number(opponent) : null,
    symbol: symbol as EgdSymbol | '?',
    colour: colour && colour !== '?' ? (colour.toLowerCase() as 'b' | 'w') : null,
    stones: game && stones ? Number(stones) : 0,
    unplayed: separator === '!' || bang === '!',
  };
};

/**
 * A table's text: UTF-8 where the bytes are UTF-8, else ISO-8859-15, the encoding OpenGotha writes its tables in (it
 * differs from Latin-1 in eight letters, among them Š, š, Ž and ž of Czech and Slovak names).
 */
export const decodeEgd = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('iso-8859-15').decode(bytes);
  }
};

/** `nextPlace`: the place of a line that gives none (it shares the place above it). */
const parsePlayer = (file: string, line: number, text: string, nextPlace: number): Parsed<EgdPlayer> => {
  const fail = (field: string, detail: string) => E.left(new EgdError(file, line, field, detail));
  const pinMatch = /\|\s*(\S*)\s*$/.exec(text);
  const pin = pinMatch?.[1] ? pinMatch[1] : null;
  if (pin !== null && !/^\d{8}$/.test(pin)) return fail('PIN', `expected the 8-digit EGD PIN after "|", got "${pin}"`);
  const tokens = (pinMatch ? text.slice(0, pinMatch.index) : text).trim().split(/\s+/);
  const placed = /^\d+$/.test(tokens[0]!);
  if (placed && Number(tokens[0]) < 1) return fail('place', `expected the player's place (1, 2, …) first, got "${tokens[0]}"`);
  if (!placed && nextPlace === 1) return fail('place', `expected the player's place (1, 2, …) first, got ${JSON.stringify(tokens[0])}; only a line after the first may leave out a place it shares`);
  const nameAt = placed ? 1 : 0;
  const rankAt = tokens.findIndex((t, i) => i > nameAt && RANK.test(t));
  if (rankAt < 0) return fail('grade', `expected ${placed ? 'a name and a grade such as 4d, 15k or 1p after the place' : 'the place, a name and a grade such as 4d, 15k or 1p'}`);
  const [, n, unit] = RANK.exec(tokens[rankAt]!)!;
  const rankName = RANK_NAMES[unit!.toLowerCase()]!;
  if (Number(n) < 1 || Number(n) > (rankName === 'kyu' ? 30 : 9)) return fail('grade', `"${tokens[rankAt]}" is not a grade (1k to 30k, 1d to 9d, 1p to 9p)`);
  let firstResult = tokens.length;
  while (firstResult > rankAt + 1 && resultToken(tokens[firstResult - 1]!) !== undefined) firstResult--;
  const middle = tokens.slice(rankAt + 1, firstResult);
  const country = middle[0] && /^[A-Za-z]{2}$/.test(middle[0]) ? middle.shift()!.toUpperCase() : '';
  const club = middle[0] && !/^-?[\d.,]+$/.test(middle[0]) ? middle.shift()! : '';
  const words = tokens.slice(nameAt, rankAt).map((w) => w.replaceAll('_', ' '));
  const results: EgdResult[] = [];
  for (let i = firstResult; i < tokens.length; i++) {
    const { symbol, ...result } = resultToken(tokens[i]!)!;
    const round = i - firstResult + 1;
    if (symbol === '?') {
      return fail(
        `round ${round}`,
        result.opponent === null
          ? `"?" gives no result for this round; write it (such as 12+/w, 3-/b2, or 0+, 0-, 0= for a round without a game) and import the table again`
          : `the game against player ${result.opponent} has no result ("${tokens[i]}"); a table is imported once every game has its result`,
      );
    }
    results.push({ round, symbol, ...result });
  }
  if (results.length === 0) return fail('results', 'expected one result per round (such as 12+/w, 3-/b2 or 0+) after the grade, country and club');
  return E.right({ line, place: placed ? Number(tokens[0]) : nextPlace, familyName: words[0]!, givenName: words.slice(1).join(' '), rank: `${Number(n)}-${rankName}`, country, club, pin, results });
};

const pairGames = (file: string, players: readonly EgdPlayer[]): Parsed<{ games: EgdGame[]; byes: EgdBye[] }> => {
  const byPlace = new Map(players.map((p) => [p.place, p]));
  const games: EgdGame[] = [];
  const byes: EgdBye[] = [];
  for (const p of players) {
    for (const r of p.results) {
      const where = `round ${r.round}`;
      if (r.opponent === null) {
        byes.push({ round: r.round, player: p.place, symbol: r.symbol });
        continue;
      }
      const opponent = byPlace.get(r.opponent);
      if (!opponent) return E.left(new EgdError(file, p.line, where, `opponent ${r.opponent} has no line in the file`));
      if (opponent.place === p.place) return E.left(new EgdError(file, p.line, where, `player ${p.place} is paired with himself`));
      const other = opponent.results[r.round - 1]!;
      const bothLost = r.symbol === '-' && other.symbol === '-';
      const agrees =
        other.opponent === p.place && (other.symbol === OPPOSITE[r.symbol] || bothLost) && other.stones === r.stones &&
        (r.colour === null ? other.colour === null : other.colour !== null && other.colour !== r.colour);
      if (!agrees) {
        const show = (x: EgdResult) => `${x.opponent ?? 0}${x.symbol}${x.colour ? `/${x.colour}${x.stones || ''}` : ''}`;
        return E.left(new EgdError(file, p.line, where, `player ${p.place} has "${show(r)}", but line ${opponent.line} of player ${opponent.place} has "${show(other)}" in that round; the two lines must name each other with opposite results and colours and the same stones`));
      }
      if (r.stones > 0 && r.colour === null) return E.left(new EgdError(file, p.line, where, `${r.stones} handicap stones need the colours (/b or /w)`));
      if (r.symbol === '+' && other.symbol === '+') return E.left(new EgdError(file, p.line, where, `players ${p.place} and ${opponent.place} both have a win in that round; the ledger has no fact for a game both won`));
      const mine = r.colour === 'b' || (r.colour === null && p.place < opponent.place);
      if (mine) {
        games.push({ round: r.round, first: p.place, second: opponent.place, firstColour: r.colour === 'b' ? 'black' : null, symbol: r.symbol, bothLost, stones: r.stones, unplayed: r.unplayed || other.unplayed });
      }
    }
  }
  games.sort((a, b) => a.round - b.round || a.first - b.first);
  return E.right({ games, byes });
};

/** Reads an EGD tournament table; the first fault is returned naming its line and field. */
export const parseEgd = (text: string, file: string): Parsed<EgdTournament> => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const header = new Map<string, { line: number; value: string }>();
  const players: EgdPlayer[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const comment = raw.indexOf(';');
    if (comment >= 0) {
      for (const m of raw.slice(comment).matchAll(/([A-Z]{2})\[([^\]]*)\]/g)) if (!header.has(m[1]!)) header.set(m[1]!, { line: i + 1, value: m[2]!.trim() });
    }
    const text = comment >= 0 ? raw.slice(0, comment) : raw;
    if (text.trim() === '') continue;
    const player = parsePlayer(file, i + 1, text, (players.at(-1)?.place ?? 0) + 1);
    if (E.isLeft(player)) return player;
    const twin = players.find((p) => p.place === player.right.place);
    if (twin) return E.left(new EgdError(file, i + 1, 'place', `place ${twin.place} is already given to line ${twin.line}`));
    if (players.length > 0 && player.right.results.length !== players[0]!.results.length) {
      return E.left(new EgdError(file, i + 1, 'results', `${player.right.results.length} results, but line ${players[0]!.line} has ${players[0]!.results.length}; every player has one result per round`));
    }
    players.push(player.right);
  }
  const name = header.get('EV');
  if (!name || name.value === '') return E.left(new EgdError(file, 1, '', 'the file has no event name (a "; EV[…]" line); is it an EGD tournament table?'));
  if (players.length === 0) return E.left(new EgdError(file, lines.length, '', 'the file has no player lines'));
  const dates = header.get('DT');
  const [start, end] = (dates?.value ?? '').split(',').map((d) => d.trim());
  if (!dates || !start || !isValidIsoDate(start) || (end !== undefined && end !== '' && !isValidIsoDate(end))) {
    return E.left(new EgdError(file, dates?.line ?? 1, 'DT', `expected the dates as "; DT[YYYY-MM-DD,YYYY-MM-DD]", got ${dates ? `"${dates.value}"` : 'no DT line'}`));
  }
  const paired = pairGames(file, players);
  if (E.isLeft(paired)) return paired;
  return E.right({
    // "; PC[,Olsztyn]": OpenGotha leaves the country before the comma empty
    tournamentClass: header.get('CL')?.value ?? '', name: name.value, place: (header.get('PC')?.value ?? '').replace(/^\s*,\s*/, ''), startDate: start, endDate: end || start,
    handicapRule: header.get('HA')?.value ?? '', komi: header.get('KM')?.value ?? '', players, ...paired.right,
  });
};
