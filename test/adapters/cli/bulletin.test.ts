import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../../src/app/bulletin';
import { ledgerProcess, nekomadoTournaments, officerLedger } from '../../support/helpers';

interface ListedPlayer {
  playerId: string;
  name: string;
  grade: string;
  rating: number;
}

/**
 * `ledger list bulletin` as a real process, held to the two lists the CLI printed just before each was published:
 * the new players are those of the second list only, the grade changes and the gains and losses are the differences
 * of the two, and the correction recorded between the publications is named.
 */
describe('ledger list bulletin', () => {
  const { dir, db, ok: cli } = officerLedger('bulletin-cli');
  let spring: ListedPlayer[] = [];
  let summer: ListedPlayer[] = [];

  const listed = async (asOf: string) => (JSON.parse(await cli('list', '--as-of', asOf, '--json')) as { players: ListedPlayer[] }).players;

  beforeAll(async () => {
    await cli('fesa', 'import', nekomadoTournaments(path.join(dir, 'spring'), ['01', '02', '03']));
    spring = await listed('2016-06-12');
    await cli('list', 'publish', '--id', 'L-spring', '--as-of', '2016-06-12', '--format', 'csv');
    await cli('fesa', 'import', nekomadoTournaments(path.join(dir, 'summer'), ['04', '05', '06']));
    await cli('game', 'correct', '--tournament', '02_2nd_nekomadoken', '--game', 'r1-2-7', '--result', 'win', '--reason', 'score sheet: the first player won');
    summer = await listed('2016-09-03');
    await cli('list', 'publish', '--id', 'L-summer', '--as-of', '2016-09-03', '--format', 'fesa');
  }, 120_000);

  it('prints the new players, grade changes, biggest gains and losses and the corrections since the list before', async () => {
    const r = await ledgerProcess(['list', 'bulletin', '--published', 'L-summer', '--json', '--db', db]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const b = JSON.parse(r.out) as Bulletin;
    expect(b.previous).toEqual({ listId: 'L-spring', asOf: '2016-06-12' });
    const was = new Map(spring.map((p) => [p.playerId, p]));
    const grade = (g: string) => (g === '-' ? null : g);
    // the published FESA file holds every rated player: the new ones are those the spring list did not have
    const everyone = (JSON.parse(await cli('list', '--as-of', '2016-09-03', '--active-years', '0', '--json')) as { players: ListedPlayer[] }).players;
    expect(b.newPlayers.map((p) => p.playerId).sort()).toEqual(everyone.filter((p) => !was.has(p.playerId)).map((p) => p.playerId).sort());
    expect(b.newPlayers.length).toBeGreaterThan(0);
    const stayed = summer.filter((p) => was.has(p.playerId));
    expect(b.grades.map((g) => [g.playerId, g.from, g.to]).sort()).toEqual(stayed.filter((p) => p.grade !== was.get(p.playerId)!.grade).map((p) => [p.playerId, grade(was.get(p.playerId)!.grade), grade(p.grade)]).sort());
    const changes = stayed.map((p) => p.rating - was.get(p.playerId)!.rating);
    expect(b.gains.map((c) => c.change)).toEqual(changes.filter((c) => c > 0).sort((x, y) => y - x).slice(0, 10));
    expect(b.losses.map((c) => c.change)).toEqual(changes.filter((c) => c < 0).sort((x, y) => x - y).slice(0, 10));
    for (const c of [...b.gains, ...b.losses]) expect(c.after - c.before).toBe(c.change);
    expect(b.corrections.map((c) => [c.tournamentId, c.gameId, c.kind, c.reason])).toEqual([['02_2nd_nekomadoken', 'r1-2-7', 'corrected', 'score sheet: the first player won']]);

    const text = await ledgerProcess(['list', 'bulletin', '--published', 'L-summer', '--db', db]);
    expect(text.out).toContain('bulletin of L-summer (as-adopted, as of 2016-09-03) since L-spring (as of 2016-06-12)');
    expect(text.out).toContain('2nd Nekomado-ken game r1-2-7 corrected: score sheet: the first player won');
    // the first publication: everybody is new, nothing to compare
    const first = JSON.parse((await ledgerProcess(['list', 'bulletin', '--published', 'L-spring', '--json', '--db', db])).out) as Bulletin;
    expect([first.previous, first.newPlayers.length, first.gains, first.grades]).toEqual([null, spring.length, [], []]);
  });

  it('names an unknown list in one sentence and exits as for bad input', async () => {
    const r = await ledgerProcess(['list', 'bulletin', '--published', 'L-winter', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe('ledger: no published list "L-winter" in the ledger (ledger list publish --id … records one)');
    expect(r.out).toBe('');
  });
});
