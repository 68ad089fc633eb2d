/**
 * The PostgreSQL checkpoint storage reads a projection's chunks a few megabytes at a time (`chunksInBatches`): sized in
 * bytes as the server holds them, so that chunks of non-ASCII names (Nørgaard, Ōyama: two and three bytes a character)
 * never make a batch twice or three times the bytes meant. Needs the throwaway cluster the suite starts.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkKeys, inBatches, postgresCheckpoints } from '../../../src/adapters/store/checkpoint-storage-postgres';

const url = process.env.LEDGER_TEST_PG_URL;

describe('batches of chunks are counted in bytes', () => {
  it('splits by the bytes each item holds, one item at least a batch', () => {
    const names = ['Nørgaard', 'Ōyama', 'Hansen', 'Ōyama Kōji'];
    const batches = [...inBatches(names, (n) => Buffer.byteLength(n), { bytes: 16, chunks: 10 })];
    expect(batches).toEqual([['Nørgaard', 'Ōyama'], ['Hansen'], ['Ōyama Kōji']]);
    expect([...inBatches(['Ōyama Kōji Ōyama Kōji'], (n) => Buffer.byteLength(n), { bytes: 4, chunks: 10 })]).toEqual([['Ōyama Kōji Ōyama Kōji']]);
    expect([...inBatches([1, 2, 3], () => 0, { bytes: 4, chunks: 2 })]).toEqual([[1, 2], [3]]);
  });
});

describe.skipIf(url === undefined)('PostgreSQL chunk keys (skipped without LEDGER_TEST_PG_URL: the suite starts a cluster where PostgreSQL is installed)', () => {
  const schema = `ledger_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const client = new Client({ connectionString: url });
  const query = async (text: string, values?: unknown[]) => client.query(text, values);
  const chunks = [
    ['p:EGD-1', 0, JSON.stringify({ name: 'Nørgaard, Søren Ærø', rating: 2100 })],
    ['p:JSA-2', 0, JSON.stringify({ name: 'Ōyama Kōji 大山康晴', rating: 2400 })],
    ['p:NO-3', 0, JSON.stringify({ name: 'Hansen, Ola', rating: 1800 })],
  ] as const;

  beforeAll(async () => {
    await (await postgresCheckpoints(url!, schema)).close();
    await client.connect();
    for (const [part, seq, data] of chunks) await query(`INSERT INTO "${schema}".projection_chunks (name, part, seq, data) VALUES ('cut', $1, $2, $3)`, [part, seq, data]);
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('sizes each chunk in bytes (octet_length), not in characters', async () => {
    const keys = await chunkKeys(query, `"${schema}".`, 'cut', []);
    expect(keys).toEqual(chunks.map(([part, seq, data]) => ({ part, seq, bytes: Buffer.byteLength(data) })));
    // the non-ASCII ones are longer in bytes than in characters: a count of characters would say less
    expect(keys.filter((k, i) => k.bytes > chunks[i]![2].length).map((k) => k.part)).toEqual(['p:EGD-1', 'p:JSA-2']);
    expect((await chunkKeys(query, `"${schema}".`, 'cut', ['p:JSA-2'])).map((k) => k.part)).toEqual(['p:EGD-1', 'p:NO-3']);
  });
});
