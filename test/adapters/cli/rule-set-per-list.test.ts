/**
 * Each rule set's list and careers count the games that rule set rated, and only those: a player's pan-atlantic row
 * shows the date of his last pan-atlantic game, not of a fide one (and `--active-years` goes by it), and a
 * FESA-registered tournament that fide rates by adoption is in `history --rules fide` as it is in fide's list.
 */
import { describe, expect, it } from 'vitest';
import { officerLedger } from '../../support/helpers';

interface ListJson { players: { id: string; rating: number; games: number; lastPlayed: string | null }[] }
interface HistoryJson { tournaments: { tournamentId: string; ruleSet: string; after: number | null; games: { rated: string }[] }[] }

describe('a rule set\'s list and careers count its own games', () => {
  it('keeps last played per rule set and follows an adoption into the career', async () => {
    const { ok, file } = officerLedger('rule-set-per-list');
    await ok('player', 'add', '--csv', file('players.csv', ['id,family,country,date', 'A,Abe,US,2020-01-01', 'B,Berg,NO,2020-01-01']));
    await ok('player', 'balance', '--csv', file('legacy.csv', [
      'id,rules,rating,date,reason',
      'A,pan-atlantic,1800,2022-01-01,list 2021', 'B,pan-atlantic,1600,2022-01-01,list 2021',
      'A,fide,2000,2022-01-01,list 2021', 'B,fide,1900,2022-01-01,list 2021',
    ]));
    await ok('rules', 'adopt', '--rules', 'fide', '--from', '2025-01-01', '--reason', 'the federation rates by fide from 2025');
    // PA is pan-atlantic's own; F is registered under FESA but ends after fide's adoption, so fide rates it
    await ok('tournament', 'add', '--id', 'PA', '--name', 'Pan 2023', '--start', '2023-01-15', '--rules', 'pan-atlantic', '--region', 'america', '--main', '90', '--byoyomi', '30');
    await ok('tournament', 'add', '--id', 'F', '--name', 'Open 2025', '--start', '2025-03-01', '--main', '90', '--increment', '30');
    await ok('game', 'report', '--csv', file('games.csv', ['game,tournament,round,first,second,result', 'g1,PA,1,A,B,win', 'g1,F,1,A,B,win']));
    await ok('tournament', 'close', '--id', 'PA');
    await ok('tournament', 'close', '--id', 'F');

    const pan = JSON.parse(await ok('list', '--rules', 'pan-atlantic', '--as-of', '2025-12-31', '--json')) as ListJson;
    expect(pan.players.map((p) => [p.id, p.lastPlayed])).toEqual([['A', '2023-01-15'], ['B', '2023-01-15']]);
    // two years before 2025-12-31 nobody played a pan-atlantic game (F is fide's)
    const panActive = JSON.parse(await ok('list', '--rules', 'pan-atlantic', '--as-of', '2025-12-31', '--active-years', '2', '--json')) as ListJson;
    expect(panActive.players).toEqual([]);

    const fide = JSON.parse(await ok('list', '--rules', 'fide', '--as-of', '2025-12-31', '--active-years', '2', '--json')) as ListJson;
    const history = JSON.parse(await ok('history', 'A', '--rules', 'fide', '--json')) as HistoryJson;
    expect(history.tournaments.map((t) => [t.tournamentId, t.ruleSet, t.games.map((g) => g.rated)])).toEqual([['F', 'fide', ['yes']]]);
    const listed = fide.players.find((p) => p.id === 'A')!;
    expect(listed.lastPlayed).toBe('2025-03-01');
    expect(history.tournaments.at(-1)!.after).toBe(Math.round(listed.rating));
  }, 60_000);

  it('says a newcomer\'s first tournament gave him his first rating, not that he was not rated in it', async () => {
    const { ok, file } = officerLedger('rule-set-first-rating');
    await ok('player', 'add', '--csv', file('players.csv', ['id,family,country,date', 'C,Cee,US,2020-01-01', 'D,Dee,US,2020-01-01']));
    await ok('player', 'balance', '--id', 'D', '--rules', 'uscf-k', '--rating', '1500', '--games', '30', '--date', '2022-01-01', '--reason', 'legacy list');
    await ok('tournament', 'add', '--id', 'U1', '--name', 'Uscf 2023', '--start', '2023-01-15', '--rules', 'uscf-k', '--main', '90', '--byoyomi', '30');
    await ok('game', 'report', '--csv', file('games.csv', ['game,tournament,round,first,second,result', 'g1,U1,1,C,D,win']));
    await ok('tournament', 'close', '--id', 'U1');
    const history = await ok('history', 'C', '--rules', 'uscf-k');
    expect(history).toMatch(/^2023-01-15 {2}Uscf 2023 \(U1\), under uscf-k: first rating \d+$/m);
    expect(history).not.toContain('not rated in it');
  }, 60_000);
});
