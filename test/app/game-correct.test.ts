/**
 * `game correct` states a game's facts again, time control and replay included (ResultCorrected carries every fact of
 * GameReported): the corrections through the real process, each recorded, the list as the corrected facts make it.
 */
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledger as inProcess, ledgerProcess, tempDir } from '../support/helpers';

interface ListedPlayer {
  readonly playerId: string;
  readonly rating: number;
  readonly games: number;
}

describe.skipIf(!cliBuilt())('game correct: time control and replay (real processes)', () => {
  const db = path.join(tempDir('game-correct'), 'ledger.db');
  // the corrections run as the real process; the set-up and the reads that check them in-process (fewer processes)
  const ledger = async (...argv: string[]) => ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  const ok = async (...argv: string[]) => {
    const r = await (argv[0] === 'game' && argv[1] === 'correct' ? ledger(...argv) : inProcess(...argv, '--db', db, '--actor', 'officer'));
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
    return r.out;
  };
  const list = async (): Promise<ListedPlayer[]> => (JSON.parse(await ok('list', '--as-of', '2026-03-08', '--json')) as { players: ListedPlayer[] }).players.map(({ playerId, rating, games }) => ({ playerId, rating, games }));
  const lastCorrection = async (): Promise<Record<string, unknown>> => {
    const lines = (await ok('events', '--type', 'ResultCorrected', '--json')).trim().split('\n');
    return (JSON.parse(lines[lines.length - 1]!) as { event: Record<string, unknown> }).event;
  };
  const checksum = async (): Promise<string> => (JSON.parse(await ok('checksum', '--json')) as { sha256: string }).sha256;
  let rated: ListedPlayer[] = [];

  beforeAll(async () => {
    await ok('player', 'add', '--id', 'P1', '--family', 'Hansen', '--country', 'NO', '--grade', '3 Kyu', '--date', '2026-01-01');
    await ok('player', 'add', '--id', 'P2', '--family', 'Berg', '--country', 'NO', '--date', '2026-01-01');
    await ok('tournament', 'add', '--id', 't1', '--name', 'Oslo Open', '--start', '2026-03-07', '--end', '2026-03-08', '--main', '30', '--byoyomi', '30');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g2', '--round', '2', '--first', 'P2', '--second', 'P1', '--result', 'sennichite');
    await ok('game', 'report', '--tournament', 't1', '--game', 'g3', '--round', '3', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await ok('tournament', 'close', '--id', 't1');
    rated = await list();
  }, 120_000);

  it('a game corrected to a blitz time control is recorded with it and leaves the list (FESA rates 30+30 or 20+40 and up); back to 30+30 it counts again', async () => {
    expect(rated.find((p) => p.playerId === 'P2')!.games).toBe(3);
    expect(await ok('game', 'correct', '--game', 'g1', '--main', '10', '--byoyomi', '10', '--reason', 'played as blitz')).toMatch(/^game g1 of t1 corrected \(recorded at position \d+\)\n.*\n.*\nt1 +2026-03-08 +P1 +Hansen +fesa +1409 +1410\nt1 +2026-03-08 +P2 +Berg +fesa +1129 +1219\n$/);
    expect(await lastCorrection()).toMatchObject({ gameId: 'g1', result: 'win', timeControl: { mainMinutes: 10, byoyomiSeconds: 10, incrementSeconds: 0 }, reason: 'played as blitz', actor: 'officer' });
    const blitz = await list();
    expect(blitz.find((p) => p.playerId === 'P2')!.games).toBe(2);
    expect(blitz).not.toEqual(rated);
    // a part not given stays as it was: only the byoyomi changes, the main time stays 10, still too fast to rate
    await ok('game', 'correct', '--game', 'g1', '--byoyomi', '30', '--reason', 'byoyomi was 30');
    expect((await lastCorrection()).timeControl).toEqual({ mainMinutes: 10, byoyomiSeconds: 30, incrementSeconds: 0 });
    expect(await list()).toEqual(blitz);
    await ok('game', 'correct', '--game', 'g1', '--main', '30', '--reason', 'main time was 30');
    expect((await lastCorrection()).timeControl).toEqual({ mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 });
    expect(await list()).toEqual(rated);
  });

  it('a game corrected into the replay of a sennichite game records replayOf, and --replay-of none takes it out again', async () => {
    await ok('game', 'correct', '--game', 'g3', '--round', '2', '--replay-of', 'g2', '--reason', 'the replay of the sennichite game');
    expect(await lastCorrection()).toMatchObject({ gameId: 'g3', round: 2, replayOf: 'g2' });
    await ok('game', 'correct', '--game', 'g3', '--round', '3', '--replay-of', 'none', '--reason', 'it was round 3 after all');
    const back = await lastCorrection();
    expect(back).toMatchObject({ gameId: 'g3', round: 3 });
    expect(back).not.toHaveProperty('replayOf');
    expect(await list()).toEqual(rated);
  });

  it('a replay of a game that was not sennichite, or a negative time, is refused in one sentence and changes nothing', async () => {
    const before = await checksum();
    const notSennichite = await ledger('game', 'correct', '--game', 'g3', '--round', '1', '--replay-of', 'g1', '--reason', 'x');
    expect(notSennichite).toMatchObject({ code: 1, err: 'ledger: game g3: only a sennichite game is replayed, but "g1" ended "win"\n' });
    const negative = await ledger('game', 'correct', '--game', 'g1', '--increment', '-5', '--reason', 'x');
    expect(negative.code).toBe(1);
    expect(negative.err).toMatch(/^ledger: .*field `timeControl\.incrementSeconds` cannot be negative, got -5\n$/);
    expect(await checksum()).toBe(before);
  });
});
