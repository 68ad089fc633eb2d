/**
 * A pan-atlantic tournament is rated as played in its own region (`tournament add --region`): in Europe a game needs
 * 45 minutes and some byoyomi or increment, in America 40 minutes are enough (spec ../shared/rules/pan-atlantic.md §2.1).
 * The same game is rated in America and not in Europe; hand numbers from §3 (established players, K 24 from 1600).
 */
import { describe, expect, it } from 'vitest';
import { officerLedger } from '../../support/helpers';

describe('pan-atlantic by region', () => {
  it('rates the same game in America and not in Europe, and Europe by its own time control', async () => {
    const { ok, file } = officerLedger('pan-region');
    await ok('player', 'add', '--csv', file('players.csv', ['id,family,country,date', 'A,Abe,US,2020-01-01', 'B,Berg,NO,2020-01-01']));
    // established (15 games by default): K 24 for both
    await ok('player', 'balance', '--csv', file('legacy.csv', ['id,rules,rating,date,reason', 'A,pan-atlantic,1800,2025-01-01,list 2024', 'B,pan-atlantic,1600,2025-01-01,list 2024']));
    const tournaments: [string, string, string, string, string][] = [
      ['AM', '2025-02-01', 'america', '40', '0'],
      ['EU', '2025-03-01', 'europe', '40', '0'],
      ['EU2', '2025-04-01', 'europe', '45', '30'],
    ];
    for (const [id, date, region, main, byoyomi] of tournaments) {
      await ok('tournament', 'add', '--id', id, '--name', id, '--start', date, '--rules', 'pan-atlantic', '--region', region, '--main', main, '--byoyomi', byoyomi);
    }
    await ok('game', 'report', '--csv', file('games.csv', ['game,tournament,round,first,second,result', 'g1,AM,1,A,B,win', 'g1,EU,1,A,B,win', 'g1,EU2,1,A,B,win']));
    for (const [id] of tournaments) await ok('tournament', 'close', '--id', id);
    const career = JSON.parse(await ok('history', 'A', '--rules', 'pan-atlantic', '--json')) as { tournaments: { tournamentId: string; before: number; after: number; games: { rated: string }[] }[] };
    expect(career.tournaments.map((t) => [t.tournamentId, t.before, t.after, t.games[0]!.rated])).toEqual([
      // 24 · (1 − We(1800, 1600)) = 5.77 → +6
      ['AM', 1800, 1806, 'yes'],
      // Europe: 40 minutes without byoyomi is no rated game there
      ['EU', 1806, 1806, expect.stringMatching(/^no: time-control/)],
      // 24 · (1 − We(1806, 1594)) = 5.47 → +5
      ['EU2', 1806, 1811, 'yes'],
    ]);
    expect(await ok('tournament', 'show', 'EU')).toMatch(/^EU \(EU\) \(europe\), 2025-03-01: closed, rated under pan-atlantic/);
    // a newcomer's career as text: his name, then his first tournament after one blank line (no balance to list)
    await ok('player', 'add', '--id', 'C', '--family', 'Cho', '--country', 'US');
    await ok('tournament', 'add', '--id', 'AM2', '--name', 'AM2', '--start', '2025-05-01', '--rules', 'pan-atlantic', '--main', '60');
    await ok('game', 'report', '--tournament', 'AM2', '--game', 'g1', '--round', '1', '--first', 'C', '--second', 'B', '--result', 'win');
    await ok('tournament', 'close', '--id', 'AM2');
    expect((await ok('history', 'C', '--rules', 'pan-atlantic')).split('\n').slice(0, 3)).toEqual(['C  Cho', '', expect.stringMatching(/^2025-05-01 {2}AM2 \(AM2\), under pan-atlantic: /)]);
  }, 60_000);
});
