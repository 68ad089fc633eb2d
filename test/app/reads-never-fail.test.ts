import * as path from 'path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledger, tempDir } from '../support/helpers';

/**
 * Accepted facts never make a read fail (issue 13): random officer command sequences — valid and invalid ones,
 * registrations dated after the games, games before and after a close, corrections, withdrawals — then `list`,
 * `history` and `explain` must answer for every registered player.
 */
const PLAYERS = ['P1', 'P2', 'P3', 'P4'];
const TOURNAMENTS = ['T1', 'T2'];
const DATES = ['2026-01-10', '2026-02-14', '2026-03-07', '2026-06-01'];

/**
 * Family names as federations have them and as a paste brings them (issue 28): printable non-ASCII, combining marks,
 * emoji (two UTF-16 units each), right-to-left scripts, and names at the limit of 100 characters. Each player's name
 * ends in its id, so two players never share one (namesakes are a property of their own).
 */
const LIMIT = 100;
const atLimit = (fill: string, id: string): string => `${fill.repeat(LIMIT - id.length)}${id}`;
const familyName = fc.constantFrom<(id: string) => string>(
  (id) => `F${id}`,
  (id) => `Ōyama Zoë Ærøskøbing ${id}`,
  (id) => `E\u0301lodie Nguye\u0302\u0303n ${id}`,
  (id) => `山田 ${id}`,
  (id) => `שלום ${id}`,
  (id) => `مرحبا ${id}`,
  (id) => `😀🎌 ${id}`,
  (id) => atLimit('x', id),
  (id) => atLimit('é', id),
  (id) => atLimit('😀', id),
);
const player = (id: fc.Arbitrary<string>) =>
  fc.record({ kind: fc.constant('player' as const), id, name: familyName, date: fc.option(fc.constantFrom(...DATES), { nil: undefined }), grade: fc.option(fc.constantFrom('3 Kyu', '1 Dan'), { nil: undefined }) });

const command = fc.oneof(
  player(fc.constantFrom(...PLAYERS)),
  fc.record({ kind: fc.constant('tournament' as const), id: fc.constantFrom(...TOURNAMENTS), date: fc.constantFrom(...DATES) }),
  fc.record({
    kind: fc.constant('game' as const),
    tournament: fc.constantFrom(...TOURNAMENTS),
    game: fc.constantFrom('g1', 'g2', 'g3', 'g4'),
    round: fc.integer({ min: 1, max: 3 }),
    first: fc.constantFrom(...PLAYERS),
    second: fc.constantFrom(...PLAYERS),
    result: fc.constantFrom('win', 'loss', 'draw', 'unplayed'),
    handicap: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('correct' as const), tournament: fc.constantFrom(...TOURNAMENTS), game: fc.constantFrom('g1', 'g2', 'g3'), result: fc.constantFrom('win', 'loss', 'draw') }),
  fc.record({ kind: fc.constant('withdraw' as const), tournament: fc.constantFrom(...TOURNAMENTS), game: fc.constantFrom('g1', 'g2', 'g3') }),
  fc.record({ kind: fc.constant('close' as const), id: fc.constantFrom(...TOURNAMENTS) }),
);
type Cmd = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Mostly meaningful ledgers: players (dated or today, i.e. after every game), tournaments, then any commands, then closes. */
const scenario: fc.Arbitrary<Cmd[]> = fc
  .tuple(
    fc.tuple(...PLAYERS.map((id) => player(fc.constant(id)))),
    fc.tuple(...TOURNAMENTS.map((id) => fc.record({ kind: fc.constant('tournament' as const), id: fc.constant(id), date: fc.constantFrom(...DATES) }))),
    fc.array(command, { minLength: 2, maxLength: 10 }),
    fc.shuffledSubarray(TOURNAMENTS.map((id): Cmd => ({ kind: 'close', id }))),
  )
  .map(([players, tournaments, middle, closes]) => [...players, ...tournaments, ...middle, ...closes]);

const argv = (c: Cmd): string[] => {
  switch (c.kind) {
    case 'player':
      // P2 bears P1's name whenever both drew the same spelling: namesakes are people (issue 28)
      return ['player', 'add', '--id', c.id, '--family', c.name(c.id === 'P2' ? 'P1' : c.id), '--country', 'NO', ...(c.date ? ['--date', c.date] : []), ...(c.grade ? ['--grade', c.grade, '--grade-source', 'NSR'] : [])];
    case 'tournament':
      return ['tournament', 'add', '--id', c.id, '--name', c.id, '--start', c.date, '--end', c.date];
    case 'game':
      return ['game', 'report', '--tournament', c.tournament, '--game', c.game, '--round', String(c.round), '--first', c.first, '--second', c.second, '--result', c.result, ...(c.handicap ? ['--handicap', 'bishop', '--giver', c.second] : [])];
    case 'correct':
      return ['game', 'correct', '--tournament', c.tournament, '--game', c.game, '--result', c.result, '--reason', 'score sheet'];
    case 'withdraw':
      return ['game', 'withdraw', '--tournament', c.tournament, '--game', c.game, '--reason', 'not played'];
    case 'close':
      return ['tournament', 'close', '--id', c.id];
  }
};

describe('reads never fail on accepted facts', () => {
  it('list, history and explain answer after any sequence of commands, and on the ledger exported and imported again', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (commands) => {
        const db = path.join(tempDir(`reads-${run++}`), 'ledger.db');
        const log: string[] = [];
        for (const c of commands) {
          const r = await ledger(...argv(c), '--db', db);
          log.push(`${argv(c).join(' ')} -> ${r.code}${r.code !== 0 ? ` ${r.err.trim()}` : ''}`);
          // a refused command is fine (exit 1 or 2 with one sentence); a crash is not
          expect({ log, code: r.code }).toMatchObject({ code: expect.toBeOneOf([0, 1, 2]) });
        }
        // what the ledger accepted, it takes again from its own export (issue 28): the imported copy reads the same
        const exported = path.join(path.dirname(db), 'ledger.jsonl');
        const copy = path.join(path.dirname(db), 'imported.db');
        expect({ log, ...(await ledger('export', '--jsonl', exported, '--db', db)) }).toMatchObject({ code: 0, err: '' });
        expect({ log, ...(await ledger('import', '--jsonl', exported, '--db', copy)) }).toMatchObject({ code: 0, err: '' });
        expect((await ledger('list', '--format', 'fesa', '--db', copy)).out).toBe((await ledger('list', '--format', 'fesa', '--db', db)).out);
        for (const read of [['list'], ['list', '--format', 'fesa'], ['list', '--as-of', '2026-02-14', '--format', 'fesa']]) {
          const r = await ledger(...read, '--db', db);
          expect({ read, log, code: r.code, err: r.err }).toMatchObject({ code: 0, err: '' });
        }
        const players = (await ledger('events', '--type', 'PlayerRegistered', '--db', db, '--json')).out.trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { event: { playerId: string } }).event.playerId);
        for (const p of players) {
          for (const read of [['history', p], ['explain', p]]) {
            const r = await ledger(...read, '--db', db);
            expect({ read, log, code: r.code, err: r.err }).toMatchObject({ code: 0, err: '' });
          }
        }
      }),
      { numRuns: 20, seed: 1313 },
    );
  }, 300_000);
});
