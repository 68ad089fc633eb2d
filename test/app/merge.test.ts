import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, listAsOf, tempDir } from '../support/helpers';

/**
 * Merging two ids that are one person, and undoing it, on a ledger small enough to rate by hand.
 *
 * The club's old list (2023-12-01) holds Andersen 2000, Anderson 1900, Berg 2000 and Dahl 1900: all established
 * (GAMES 50), 3 Dan, BONUS-COUNT 100 (so no weak-player bonus, ../shared/fesa/PROGRAM-BEHAVIOUR.md §5.3). Anderson
 * is Andersen registered a second time. Spring Open (2024-03-10): Anderson beats Berg. Easter Cup (2024-04-10):
 * Andersen beats Dahl. Grades stay: every rating is below LB(4 Dan) = 2080 (§6).
 *
 * §5.3 for one game: e = 1/(1+10^((o−r)/400)), gain = K(r)·(s−e), K = 20 from 1920, 24 from 1560; the upset gain
 * K·(o−r)/160 replaces it only when larger; o is the opponent's rating plus his current change (§5.5, passes until
 * no integer result changes).
 *
 * Two people (as imported):
 *  Spring: Anderson 1900 (K 24) vs Berg 2000 (K 20). Pass 1: Anderson e = 1/(1+10^(100/400)) = 0.35994,
 *    24·0.64006 = 15.36 (upset 24·100/160 = 15.0 is smaller) → +15; Berg o = 1915.36, e = 0.61945, 20·−0.61945 =
 *    −12.39 → −12. Pass 2: Anderson o = 1987.61: e = 0.37653, 24·0.62347 = 14.96 → +15; Berg o = 1914.96 → −12.40 →
 *    −12: nothing changed. Anderson 1915, Berg 1988 (GAMES 51).
 *  Easter: Andersen 2000 (K 20) vs Dahl 1900 (K 24). Pass 1: Andersen e = 1/(1+10^(−100/400)) = 0.64007,
 *    20·0.35993 = 7.20 → +7; Dahl o = 2007.20, e = 0.35044, 24·−0.35044 = −8.41 → −8. Pass 2: Andersen o = 1891.59,
 *    e = 0.65115 → 6.98 → +7; Dahl o = 2006.98 → −8.42 → −8. Andersen 2007, Dahl 1892.
 * One person (Anderson merged into Andersen): the survivor's own balance counts (Anderson's 1900 on the same list
 *  is the duplicate), and Anderson's game is Andersen's.
 *  Spring: Andersen 2000 vs Berg 2000, both K 20. Pass 1: Andersen e = 0.5, 20·0.5 = 10 → +10; Berg o = 2010,
 *    e = 1/(1+10^(10/400)) = 0.48561, −9.71 → −10. Pass 2: Andersen o = 1990.29, e = 0.51397, 20·0.48603 = 9.72 →
 *    +10; Berg −9.72 → −10. Andersen 2010, Berg 1990.
 *  Easter: Andersen 2010 (K 20) vs Dahl 1900. Pass 1: Andersen e = 1/(1+10^(−110/400)) = 0.65322, 20·0.34678 =
 *    6.94 → +7; Dahl o = 2016.94, e = 0.33778, 24·−0.33778 = −8.11 → −8. Pass 2: Andersen o = 1891.89, e = 0.66373,
 *    6.73 → +7; Dahl o = 2016.73 → −8.12 → −8. Andersen 2017 (GAMES 52), Dahl 1892.
 * (The official program, run on these folders and on the merged ones, prints exactly these lists.)
 */
const record = (name: string, elo: number, games: number, last: string): string =>
  `#S(PLAYER :LAST-NAME "${name}" :FIRST-NAME "" :NATIONALITY-LIST (#S(HOME :LIST #\\E :NATIONALITY "NO" :RESIDENS "NO" :LAST "${last}")) :GRADE-LEVEL 3 :GRADE-NAME "Dan" :NSR-GRADE-LEVEL 0 :NSR-GRADE-NAME "" :ELO-NUMBER ${elo} :GAMES ${games} :LAST-PLAYED "${last}" :LB-COUNT NIL :MP-COUNT NIL :BONUS-COUNT 100)`;
const list = (...records: string[]): string => `(${records.join('\n')}\n\n)\n`;
const OLD = '2023-12-01';
const SPRING = '2024-03-10';
const EASTER = '2024-04-10';

const OLD_LIST = list(record('Andersen', 2000, 50, OLD), record('Anderson', 1900, 50, OLD), record('Berg', 2000, 50, OLD), record('Dahl', 1900, 50, OLD));
const TWO_AFTER_SPRING = list(record('Andersen', 2000, 50, OLD), record('Berg', 1988, 51, SPRING), record('Anderson', 1915, 51, SPRING), record('Dahl', 1900, 50, OLD));
const TWO_AFTER_EASTER = list(record('Andersen', 2007, 51, EASTER), record('Berg', 1988, 51, SPRING), record('Anderson', 1915, 51, SPRING), record('Dahl', 1892, 51, EASTER));
const ONE_AFTER_SPRING = list(record('Andersen', 2010, 51, SPRING), record('Berg', 1990, 51, SPRING), record('Dahl', 1900, 50, OLD));
const ONE_AFTER_EASTER = list(record('Andersen', 2017, 52, EASTER), record('Berg', 1990, 51, SPRING), record('Dahl', 1892, 51, EASTER));

/** The archive as the club keeps it: one folder per event (pre list, results). */
const archive = (): string => {
  const dir = tempDir('merge-archive');
  const event = (folder: string, pre: string, turnering: string) => {
    fs.mkdirSync(path.join(dir, folder));
    fs.writeFileSync(path.join(dir, folder, 'ratingliste.pre'), pre, 'latin1');
    fs.writeFileSync(path.join(dir, folder, 'turnering.txt'), turnering, 'latin1');
  };
  event('01_spring', OLD_LIST, `[Spring Open]\n[${SPRING}]\n1 [Anderson] [] [2+]\n2 [Berg] [] [1-]\n`);
  event('02_easter', TWO_AFTER_SPRING, `[Easter Cup]\n[${EASTER}]\n1 [Andersen] [] [2+]\n2 [Dahl] [] [1-]\n`);
  return dir;
};

const json = async (...argv: string[]) => {
  const r = await ledger(...argv, '--json');
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return JSON.parse(r.out) as Record<string, unknown>;
};
const ratings = (history: Record<string, unknown>) => (history.ratings as { tournamentId: string; before: number; after: number }[]).map((r) => [r.before, r.after]);

describe('player merge / unmerge (issue 13)', () => {
  it('rates the absorbed id as the survivor in every list, history and explanation; the unmerge gives back exactly what was', async () => {
    const db = path.join(tempDir('merge'), 'ledger.db');
    expect((await ledger('fesa', 'import', archive(), '--db', db)).code).toBe(0);
    const lists = async (extra: string[] = []) => [(await listAsOf(db, SPRING, extra)).toString('latin1'), (await listAsOf(db, EASTER, extra)).toString('latin1')];
    const reads = async () => ({
      lists: await lists(),
      history: [await json('history', 'Andersen', '--db', db), await json('history', 'Anderson', '--db', db)],
      explain: [await json('explain', 'Andersen', '--db', db), await json('explain', 'Anderson', '--db', db)],
      players: await json('player', 'list', '--db', db),
    });
    const before = await reads();
    expect(before.lists).toEqual([TWO_AFTER_SPRING, TWO_AFTER_EASTER]);
    expect(ratings(before.history[0]!)).toEqual([[2000, 2007]]);
    expect(ratings(before.history[1]!)).toEqual([[1900, 1915]]);
    const head = (await json('checksum', '--db', db)).events as number;

    const merged = await ledger('player', 'merge', 'Andersen', 'Anderson', '--reason', 'registered twice (misspelt)', '--db', db, '--actor', 'kari');
    expect(merged).toMatchObject({ code: 0, err: '' });
    const fact = JSON.parse((await ledger('events', '--type', 'PlayersMerged', '--json', '--db', db)).out.trim()).event;
    expect(fact).toMatchObject({ survivor: 'Andersen', absorbed: 'Anderson', reason: 'registered twice (misspelt)', actor: 'kari', eventId: 'player:Anderson:merge:1' });

    // lists of every date show one player with both players' games; as known before the merge, two
    expect(await lists()).toEqual([ONE_AFTER_SPRING, ONE_AFTER_EASTER]);
    expect(await lists(['--known-at', String(head)])).toEqual([TWO_AFTER_SPRING, TWO_AFTER_EASTER]);
    const andersen = await json('history', 'Andersen', '--db', db);
    expect(ratings(andersen)).toEqual([[2000, 2010], [2010, 2017]]);
    expect(andersen).toMatchObject({ playerId: 'Andersen', absorbed: ['Anderson'] });
    expect((await ledger('history', 'Andersen', '--db', db)).out).toMatch(/^Andersen \(Anderson merged into Andersen: their games and grades are in this history\)\n/);
    const anderson = await json('history', 'Anderson', '--db', db);
    expect(anderson).toMatchObject({ playerId: 'Anderson', mergedInto: 'Andersen' });
    expect(ratings(anderson)).toEqual([[2000, 2010], [2010, 2017]]);
    expect((await ledger('history', 'Anderson', '--db', db)).out).toMatch(/^Anderson \(merged into Andersen: the history of Andersen\)\n/);
    const explained = (await json('explain', 'Andersen', '--db', db)) as { tournaments: { tournamentId: string; report: { eloBefore?: number } }[] };
    expect(explained.tournaments.map((t) => t.tournamentId)).toHaveLength(2);
    expect((await json('explain', 'Anderson', '--db', db)).mergedInto).toBe('Andersen');
    expect((await ledger('explain', 'Anderson', '--db', db)).out).toMatch(/^Anderson \(merged into Andersen: the ratings of Andersen\)\n/);
    // player show of the absorbed id says where it went; player list shows the person once
    expect(await json('player', 'show', 'Anderson', '--db', db)).toMatchObject({ id: 'Anderson', mergedInto: { survivor: 'Andersen', merge: 'player:Anderson:merge:1', registeredAs: 'Anderson' }, fesa: { place: 1, rating: 2017 } });
    expect((await ledger('player', 'show', 'Anderson', '--db', db)).out).toMatch(/^Anderson \(registered as Anderson\) is merged into Andersen since \d{4}-\d\d-\d\d \(player:Anderson:merge:1\); what follows is Andersen's record\n/);
    expect(await json('player', 'show', 'Andersen', '--db', db)).toMatchObject({ absorbed: ['Anderson'], fesa: { rating: 2017 } });
    expect(((await json('player', 'list', '--db', db)) as unknown as { id: string }[]).map((p) => p.id)).toEqual(['Andersen', 'Berg', 'Dahl']);

    // refused, one sentence each, nothing recorded
    const sum = (await json('checksum', '--db', db)).checksum;
    const refused = async (argv: string[], message: string | RegExp) => {
      const r = await ledger(...argv, '--db', db);
      expect(r.code).toBe(1);
      if (typeof message === 'string') expect(r.err).toBe(`ledger: ${message}\n`);
      else expect(r.err).toMatch(message);
    };
    await refused(['player', 'merge', 'Andersen', 'Andersen', '--reason', 'x'], 'cannot merge Andersen (Andersen) with itself; give the id that stays and the id that goes');
    await refused(['player', 'merge', 'Andersen', 'Nobody', '--reason', 'x'], 'cannot merge unknown player "Nobody"; ledger player list shows the registered ids');
    await refused(['player', 'merge', 'Berg', 'Anderson', '--reason', 'x'], 'Anderson (Anderson) is already merged into Andersen (Andersen); unmerge it first (ledger player unmerge Anderson --reason …)');
    await refused(['player', 'merge', 'Andersen', 'Dahl', '--reason', 'x'], /^ledger: cannot merge Dahl \(Dahl\) into Andersen \(Andersen\): they played each other in game \S+ of tournament "[^"]+" \(round 1\), and one person cannot play himself; if that game names the wrong player, correct it first \(ledger game correct --game \S+\)\n$/);
    // Berg met Anderson, who is Andersen now
    await refused(['player', 'merge', 'Berg', 'Andersen', '--reason', 'x'], 'Andersen (Andersen) has absorbed Anderson; merges are not chained: unmerge Anderson first, then merge each into Berg');
    await refused(['player', 'unmerge', 'Berg', '--reason', 'x'], 'Berg (Berg) is not merged into another player; there is nothing to unmerge');
    expect((await json('checksum', '--db', db)).checksum).toBe(sum);

    const unmerged = await ledger('player', 'unmerge', 'Anderson', '--reason', 'two brothers after all', '--db', db, '--actor', 'kari');
    expect(unmerged).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse((await ledger('events', '--type', 'PlayersUnmerged', '--json', '--db', db)).out.trim()).event).toMatchObject({ survivor: 'Andersen', absorbed: 'Anderson', merge: 'player:Anderson:merge:1', reason: 'two brothers after all', actor: 'kari' });
    // exactly what was: the same bytes, the same histories and explanations
    expect(await reads()).toEqual(before);
    // run again: already done, nothing recorded
    expect(await ledger('player', 'unmerge', 'Anderson', '--reason', 'two brothers after all', '--db', db)).toMatchObject({ code: 0, out: 'Anderson unmerged from Andersen: already recorded, nothing changed\n' });
    await refused(['player', 'unmerge', 'Dahl', '--reason', 'x'], 'Dahl (Dahl) is not merged into another player; there is nothing to unmerge');
  });
});
