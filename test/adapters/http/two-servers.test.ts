import type { ChildProcess } from 'child_process';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuilt, ledgerProcess, serveProcess } from '../../support/helpers';

/**
 * Two `ledger serve` processes on one PostgreSQL database, each with its own projections in memory, as behind a load
 * balancer: what one server acknowledged is in the other's very next answer. Each server brings its state and
 * projections up to the head of the log before it answers a read (only the events since its last answer are read),
 * so no waiting is involved and none is done here.
 */
const url = process.env.LEDGER_TEST_PG_URL;
const database = `two_servers_${process.pid}_${Date.now()}`;

const inDatabase = (base: string, name: string): string => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

interface Server {
  readonly base: string;
  readonly process: ChildProcess;
}

const serve = (store: string): Promise<Server> => serveProcess(store);

if (!url || !cliBuilt()) {
  describe.skip(`two servers on one PostgreSQL (${!url ? process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set' : 'the CLI is not built: npm run build'})`, () => {
    it('skipped', () => undefined);
  });
} else {
  describe('two ledger serve processes on one PostgreSQL', () => {
    const store = inDatabase(url, database);
    let token = '';
    const servers: Server[] = [];

    beforeAll(async () => {
      const admin = new Pool({ connectionString: url, max: 1 });
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const cli = async (...argv: string[]): Promise<string> => {
        const r = await ledgerProcess([...argv, '--store', store], { LEDGER_ACTOR: 'test' });
        expect(r.code, r.err).toBe(0);
        return r.out;
      };
      for (const [id, grade] of [['p1', '1 Dan'], ['p2', '1 Kyu'], ['p3', '2 Kyu'], ['p4', '1 Dan']] as const)
        await cli('player', 'add', '--id', id, '--family', `Player${id}`, '--given', 'T', '--country', 'NO', '--date', '2026-01-01', '--grade', grade, '--grade-source', 'NSR');
      await cli('tournament', 'add', '--id', 'T1', '--name', 'Two Servers Open', '--start', '2026-02-01', '--end', '2026-02-01');
      token = (await cli('officer', 'add', '--name', 'kari', '--role', 'officer')).trimEnd().split('\n').pop()!;
      servers.push(await serve(store), await serve(store));
    }, 120_000);

    afterAll(async () => {
      for (const s of servers) s.process.kill('SIGTERM');
      await Promise.all(servers.map((s) => new Promise((resolve) => (s.process.exitCode !== null ? resolve(undefined) : s.process.once('exit', resolve)))));
      const admin = new Pool({ connectionString: url, max: 1 });
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    });

    const post = async (server: Server, command: Record<string, unknown>): Promise<void> => {
      const res = await fetch(`${server.base}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(command) });
      expect(res.status, await res.clone().text()).toBe(201);
      await res.arrayBuffer();
    };
    const get = async (server: Server, route: string): Promise<Buffer> => {
      const res = await fetch(`${server.base}${route}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status, body.toString()).toBe(200);
      return body;
    };
    const gamesOnT1 = async (server: Server): Promise<number> =>
      (JSON.parse((await get(server, '/tournaments')).toString()) as { tournaments: { tournamentId: string; games: number }[] }).tournaments.find((t) => t.tournamentId === 'T1')!.games;

    it('a result posted to one server is in the other one\'s next answer, each way, every time', async () => {
      const [a, b] = [servers[0]!, servers[1]!];
      // both have answered (and so built their state) before the writes begin
      expect(await gamesOnT1(a)).toBe(0);
      expect(await gamesOnT1(b)).toBe(0);
      const pairs = [['p1', 'p2'], ['p3', 'p4'], ['p1', 'p3'], ['p2', 'p4'], ['p1', 'p4'], ['p2', 'p3']];
      for (let k = 0; k < pairs.length; k++) {
        const [writer, reader] = k % 2 === 0 ? [a, b] : [b, a];
        await post(writer, { kind: 'ReportGame', validDate: '2026-02-01', tournamentId: 'T1', gameId: `G${k + 1}`, round: Math.floor(k / 2) + 1, first: pairs[k]![0], second: pairs[k]![1], result: k % 3 === 0 ? 'loss' : 'win' });
        expect(await gamesOnT1(reader)).toBe(k + 1);
      }
    });

    it('a closure on one server rates the tournament in the other\'s next list and career; a correction on the other is in the first\'s next answer', async () => {
      const [a, b] = [servers[0]!, servers[1]!];
      // B folds its projections before the closure, so what it answers next comes from catching up, not a first fold
      const before = await get(b, '/lists?format=json');
      await post(a, { kind: 'CloseTournament', validDate: '2026-02-01', tournamentId: 'T1' });
      const listOnB = await get(b, '/lists?format=json');
      expect(listOnB.equals(before)).toBe(false);
      expect(listOnB.equals(await get(a, '/lists?format=json'))).toBe(true);
      const career = JSON.parse((await get(b, '/players/p1/history')).toString()) as { ratings: { tournamentId: string; after: number }[] };
      expect(career.ratings.map((r) => r.tournamentId)).toEqual(['T1']);

      await get(a, '/players/p1/history');
      await post(b, { kind: 'CorrectResult', validDate: '2026-02-01', tournamentId: 'T1', gameId: 'G1', round: 1, first: 'p1', second: 'p2', result: 'win', reason: 'score sheet misread' });
      const corrected = JSON.parse((await get(a, '/players/p1/history')).toString()) as { ratings: { after: number }[] };
      expect(corrected.ratings[0]!.after).not.toBe(career.ratings[0]!.after);
      expect((await get(a, '/lists?format=json')).equals(await get(b, '/lists?format=json'))).toBe(true);
    });
  });
}
