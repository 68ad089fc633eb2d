import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../../support/helpers';

const setup = async () => {
  const dir = tempDir('cli');
  const db = path.join(dir, 'ledger.db');
  const ok = async (...argv: string[]) => {
    const r = await ledger(...argv, '--db', db, '--actor', 'test-officer');
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r;
  };
  await ok('init');
  const added = await ok('player add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO', '--grade', '3 Kyu', '--grade-source', 'NSR', '--date', '2026-01-01');
  await ok('player add', '--id', 'P2', '--family', 'Berg', '--given', 'Kari', '--country', 'NO', '--date', '2026-01-01');
  await ok('player add', '--id', 'P3', '--family', 'Dahl', '--country', 'SE', '--date', '2026-01-01');
  await ok('tournament add', '--id', 'T1', '--name', 'Oslo Open', '--start', '2026-03-07', '--end', '2026-03-08', '--main', '30', '--byoyomi', '30');
  return { dir, db, ok, added, run: (...argv: string[]) => ledger(...argv, '--db', db) };
};

describe('ledger CLI (issue 2)', () => {
  it('records players, a tournament, games and the closure, and lists them as events', async () => {
    const { ok, run, added } = await setup();
    // the registration is looked up by its own position, not by the grade's recorded after it in the same decision
    expect(added.out).toBe('player P1 registered (recorded at position 1); grade 3 Kyu declared (recorded at position 2)\n');
    const p4 = JSON.parse((await ok('player add', '--id', 'P4', '--family', 'Lie', '--country', 'NO', '--grade', '1 Dan', '--json')).out) as { position: number; grade: unknown; events: { type: string }[] };
    expect({ position: p4.position, grade: p4.grade, types: p4.events.map((e) => e.type) }).toEqual({ position: 6, grade: { grade: '1 Dan', position: 7 }, types: ['PlayerRegistered', 'PriorGradeDeclared'] });
    const r = await ok('game report', '--tournament', 'T1', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win', '--handicap', 'B', '--giver', 'P2');
    expect(r.out).toMatch(/game g1 reported \(recorded at position \d+\)/);
    await ok('tournament close', '--id', 'T1');
    const events = await run('events', '--json');
    const types = events.out.trim().split('\n').map((l) => JSON.parse(l).event.type);
    expect(types).toEqual(['PlayerRegistered', 'PriorGradeDeclared', 'PlayerRegistered', 'PlayerRegistered', 'TournamentRegistered', 'PlayerRegistered', 'PriorGradeDeclared', 'GameReported', 'TournamentClosed']);
    const game = JSON.parse(events.out.trim().split('\n')[7]!).event;
    expect(game).toMatchObject({ actor: 'test-officer', validDate: '2026-03-08', handicap: { type: 'bishop', giver: 'P2', code: 'B' } });
    const filtered = await run('events', '--type', 'PlayerRegistered', '--player', 'P3');
    expect(filtered.out).toContain('P3 Dahl (SE)');
    expect(filtered.out).not.toContain('Hansen');
  });

  it('the same command twice is a no-op; conflicting content and bad input exit non-zero with one sentence', async () => {
    const { ok, run } = await setup();
    const again = await ok('player add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO', '--date', '2026-01-01');
    expect(again.out).toBe('player P1 registered: already recorded, nothing changed\n');
    const clash = await run('player add', '--id', 'P1', '--family', 'Other', '--country', 'NO', '--date', '2026-01-01');
    expect(clash).toMatchObject({ code: 1, err: 'ledger: player "P1" is already registered as Hansen Ola (P1) with other details; player ids are never reused\n' });
    const self = await run('game report', '--tournament', 'T1', '--game', 'g9', '--round', '1', '--first', 'P1', '--second', 'P1', '--result', 'win');
    expect(self.err).toBe('ledger: game g9: Hansen Ola (P1) cannot play against himself\n');
    const unknown = await run('game report', '--tournament', 'T9', '--game', 'g9', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    expect(unknown.err).toBe('ledger: unknown tournament "T9"; register it first (ledger tournament add)\n');
    const result = await run('game report', '--tournament', 'T1', '--game', 'g9', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'won');
    expect(result).toMatchObject({ code: 2 });
    expect(result.err).toContain('result "won" is not one of');
    const missing = await run('player add', '--id', 'P7');
    expect(missing).toMatchObject({ code: 2, err: 'ledger: missing --family (family name)\n' });
    await ok('tournament close', '--id', 'T1');
    const twice = await run('tournament close', '--id', 'T1', '--date', '2026-04-01');
    expect(twice.err).toBe('ledger: tournament "T1" was already closed on 2026-03-08; it cannot be closed twice\n');
    // dates are checked where they are typed: a day that does not exist is named with its option, nothing recorded
    const head = (await run('events', '--json')).out;
    for (const [argv, option, value] of [
      [['list', '--as-of', '2017-13-01'], 'as-of', '2017-13-01'],
      [['rules adopt', '--rules', 'fesa-published', '--from', '2018-02-29', '--reason', 'x'], 'from', '2018-02-29'],
      [['tournament add', '--id', 'T2', '--name', 'X', '--start', '2026-1-1'], 'start', '2026-1-1'],
      [['player add', '--id', 'P8', '--family', 'Lie', '--country', 'NO', '--date', '2026-04-31'], 'date', '2026-04-31'],
    ] as const) {
      expect(await run(...argv)).toMatchObject({ code: 2, err: `ledger: --${option} must be a date YYYY-MM-DD that exists, got "${value}"\n` });
    }
    expect((await run('events', '--json')).out).toBe(head);
    const corr = await run('game correct', '--tournament', 'T1', '--game', 'nope', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'draw', '--reason', 'x');
    expect(corr.err).toBe('ledger: tournament "T1" has no game "nope"; its games are none yet\n');
  });

  it('bulk CSV: one decision — a bad row named by file and line records no row; a re-run skips recorded rows', async () => {
    const { dir, run } = await setup();
    const csv = path.join(dir, 'games.csv');
    fs.writeFileSync(csv, 'game,tournament,round,first,second,result,handicap,giver\ng1,T1,1,P1,P2,win,,\ng2,T1,2,P1,P3,draw,,\ng3,T1,2,P2,P3,loss,,\n');
    const first = await run('game report', '--csv', csv);
    expect(first.err).toContain(`${csv}, line 4: game g3: Dahl (P3) already plays game g2 in round 2`);
    expect(first.err).toContain(`; nothing of ${csv} was recorded`);
    expect(first.code).toBe(1);
    expect((await run('events', '--type', 'GameReported')).out).toBe('no events\n');
    fs.writeFileSync(csv, 'game,tournament,round,first,second,result,handicap,giver\ng1,T1,1,P1,P2,win,,\ng2,T1,2,P1,P3,draw,,\ng3,T1,3,P2,P3,loss,rook,P3\n');
    const second = await run('game report', '--csv', csv);
    // games of a tournament not yet closed move no rating, and the answer says so
    expect(second.out).toBe(`${csv}: 3 games, 3 recorded, 0 already in the ledger\nno rating or grade changed\n`);
    expect((await run('game report', '--csv', csv)).out).toBe(`${csv}: 3 games, 0 recorded, 3 already in the ledger\n`);
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, 'game,tournament,round,first,second,colour\n');
    expect((await run('game report', '--csv', bad)).err).toBe(`ledger: ${bad}, line 1: unknown column colour; expected game, tournament, round, first, second, result, date, handicap, giver, main, byoyomi, increment, replay-of\n`);
  });

  it('player add --csv: the players and their declared grades as one decision, like game report --csv', async () => {
    const { dir, run } = await setup();
    const csv = path.join(dir, 'players.csv');
    // row 3 declares a grade that is none: the row above it is not registered either
    fs.writeFileSync(csv, 'id,family,given,country,birth-year,date,grade,grade-source\nQ1,Lie,Siri,NO,1990,2026-01-02,2 Dan,NSR\nQ2,Moe,,SE,,2026-01-02,3 kyuu,\n');
    const refused = await run('player add', '--csv', csv);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.err).toMatch(new RegExp(`^ledger: ${csv}, line 3: DeclarePriorGrade: field \`grade\`: expected a grade such as "3 Kyu".*; nothing of ${csv} was recorded\n$`));
    expect((await run('events', '--type', 'PlayerRegistered', '--json')).out).not.toContain('"Q1"');
    fs.writeFileSync(csv, 'id,family,given,country,birth-year,date,grade,grade-source\nQ1,Lie,Siri,NO,1990,2026-01-02,2 Dan,NSR\nQ2,Moe,,SE,,2026-01-02,,\n');
    expect((await run('player add', '--csv', csv)).out).toBe(`${csv}: 2 players, 2 registered, 0 already in the ledger\n`);
    expect((await run('player add', '--csv', csv)).out).toBe(`${csv}: 2 players, 0 registered, 2 already in the ledger\n`);
    const shown = JSON.parse((await run('player show', 'Q1', '--json')).out) as unknown;
    expect(JSON.stringify(shown)).toContain('2 Dan');
  });
});
