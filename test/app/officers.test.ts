import Database from 'better-sqlite3';
import { spawn } from 'child_process';
import * as net from 'net';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { checkAgainstOpenApi } from '../adapters/http/api';
import { CLI, ledgerProcess, tempDir } from '../support/helpers';

/**
 * Officers appointed from the CLI, which works on the store itself (behind its file permissions): each appointment
 * and revocation is a fact in the log, the token is printed once and only its salted hash is kept beside the log.
 */
describe('ledger officer', () => {
  it('appoints, lists, rotates and revokes; the log names who appointed whom, the secret is in neither table', async () => {
    const db = path.join(tempDir('officers'), 'ledger.db');
    const run = (...argv: string[]) => ledgerProcess([...argv, '--db', db], { LEDGER_ACTOR: 'president' });

    const first = await run('officer', 'add', '--name', 'kari', '--role', 'admin', '--reason', 'first admin');
    expect(first.code).toBe(0);
    const token = first.out.trimEnd().split('\n').pop()!;
    expect(token).toMatch(/^ledger_[\w-]{16}_[\w-]{43}$/);

    const auditor = await run('officer', 'add', '--name', 'ola', '--role', 'auditor', '--json');
    const appointed = JSON.parse(auditor.out) as { officer: string; token: string };
    expect(appointed).toMatchObject({ officer: 'ola', role: 'auditor', status: 'appended' });

    // a role change keeps the token; the same role again records nothing
    const promoted = await run('officer', 'add', '--name', 'ola', '--role', 'officer', '--json');
    expect(JSON.parse(promoted.out)).toMatchObject({ status: 'appended', token: null });
    expect(JSON.parse((await run('officer', 'add', '--name', 'ola', '--role', 'officer', '--json')).out)).toMatchObject({ status: 'unchanged', token: null });

    const rotated = await run('officer', 'rotate-token', '--name', 'ola');
    expect(rotated.code).toBe(0);
    const newToken = rotated.out.trimEnd().split('\n').pop()!;
    expect(newToken).not.toBe(appointed.token);

    expect((await run('officer', 'revoke', '--name', 'ola', '--reason', 'term ended')).code).toBe(0);
    const list = JSON.parse((await run('officer', 'list', '--json')).out) as { officer: string; role: string | null }[];
    expect(list.map((o) => [o.officer, o.role])).toEqual([['kari', 'admin'], ['ola', null]]);

    const refused = await run('officer', 'rotate-token', '--name', 'ola');
    expect(refused.code).toBe(1);
    expect(refused.err.trim()).toBe('ledger: "ola" is not an officer in office (never appointed, or revoked); appoint them with ledger officer add');
    const badRole = await run('officer', 'add', '--name', 'x', '--role', 'king');
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('--role must be one of organiser, auditor, officer, admin, got "king"');

    const file = new Database(db, { readonly: true });
    const events = file.prepare('SELECT type, data FROM events ORDER BY position').all() as { type: string; data: string }[];
    expect(events.map((e) => JSON.parse(e.data) as Record<string, unknown>).map((e) => [e.type, e.officer, e.role ?? null, e.actor])).toEqual([
      ['OfficerAppointed', 'kari', 'admin', 'president'],
      ['OfficerAppointed', 'ola', 'auditor', 'president'],
      ['OfficerAppointed', 'ola', 'officer', 'president'],
      ['OfficerRevoked', 'ola', null, 'president'],
    ]);
    const credentials = file.prepare('SELECT * FROM officer_credentials').all() as Record<string, string>[];
    expect(credentials.map((c) => c.officer)).toEqual(['kari']);
    const everything = JSON.stringify([events, credentials]);
    for (const t of [token, appointed.token, newToken]) expect(everything).not.toContain(t.slice(-43));
    file.close();
  });
});

describe('ledger serve', () => {
  const freePort = (): Promise<number> =>
    new Promise((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  it('refuses to listen beyond this machine without an admin token; with one, writes still need a token', async () => {
    const db = path.join(tempDir('serve'), 'ledger.db');
    const officer = (await ledgerProcess(['officer', 'add', '--name', 'kari', '--role', 'officer', '--db', db])).out.trimEnd().split('\n').pop()!;
    const refused = await ledgerProcess(['serve', '--host', '0.0.0.0', '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.err.trim()).toBe("ledger: serving on 0.0.0.0, beyond this machine, needs LEDGER_ADMIN_TOKEN set to an admin's token (it is not set); appoint one with ledger officer add --name NAME --role admin");
    expect((await ledgerProcess(['serve', '--host', '0.0.0.0', '--db', db], { LEDGER_ADMIN_TOKEN: officer })).err).toContain('the one given signs in no admin');

    const admin = (await ledgerProcess(['officer', 'add', '--name', 'president', '--role', 'admin', '--db', db])).out.trimEnd().split('\n').pop()!;
    const port = await freePort();
    const server = spawn(process.execPath, [CLI, 'serve', '--host', '0.0.0.0', '--port', String(port), '--db', db], { env: { ...process.env, LEDGER_ADMIN_TOKEN: admin }, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stderr.on('data', (chunk: Buffer) => (chunk.toString().includes('listening') ? resolve() : undefined));
        server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const body = JSON.stringify({ kind: 'RegisterPlayer', validDate: '2026-01-01', playerId: 'P1', familyName: 'Hansen', givenName: 'Kari', country: 'NO' });
      // each answer held to the OpenAPI document, as in the HTTP tests
      const post = async (headers: Record<string, string>) => {
        const res = await fetch(`${base}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        const bytes = Buffer.from(await res.arrayBuffer());
        const answer = { status: res.status, headers: res.headers, type: res.headers.get('content-type') ?? '', bytes, body: JSON.parse(bytes.toString('utf8')) as Record<string, unknown> };
        checkAgainstOpenApi('POST', '/commands', answer);
        return answer;
      };
      expect((await post({})).status).toBe(401);
      const signed = await post({ authorization: `Bearer ${officer}` });
      expect(signed.status).toBe(201);
      expect((signed.body as { events: { actor: string }[] }).events[0]!.actor).toBe('kari');
    } finally {
      server.kill('SIGTERM');
    }
  });
});
