/**
 * Issue 32/34: the OpenAPI document describes every command body from the codec the server decodes it with, and
 * shows an example of each. The examples are posted as documented, one after the other, to a fresh ledger: each is
 * recorded (api.ts holds every accepted body to the document too).
 */
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_KINDS } from '../../../domain/commands/decide';
import { openApiDocument } from '../../../src/adapters/http/openapi';
import { ROUTED_ELSEWHERE } from '../../../src/adapters/http/openapi-commands';
import { tempDir } from '../../support/helpers';
import { startApi, type Api } from './api';

type Doc = {
  paths: Record<string, { post: { requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> } } }>;
  components: { schemas: Record<string, { oneOf?: { $ref: string }[]; properties?: Record<string, unknown>; required?: string[] }> };
};

describe('HTTP: the command bodies the API documents', () => {
  const doc = openApiDocument() as unknown as Doc;
  const examples = Object.values(doc.paths['/commands']!.post.requestBody.content['application/json']!.examples).map((e) => e.value);
  let api: Api;
  let officer = '';
  beforeAll(async () => {
    api = await startApi(path.join(tempDir('http-command-examples'), 'ledger.db'));
    officer = await api.appoint('kari', 'officer');
  });
  afterAll(async () => api?.close());

  it('has a schema for every kind an officer may post, with the fields of its event, and an example of each', () => {
    const kinds = doc.components.schemas.Command!.oneOf!.map((r) => r.$ref.replace('#/components/schemas/', '').replace(/Command$/, ''));
    expect(new Set(kinds)).toEqual(new Set([...COMMAND_KINDS.filter((k) => !(ROUTED_ELSEWHERE as readonly string[]).includes(k)), 'RecordOpeningBalance']));
    expect(new Set(examples.map((e) => e.kind))).toEqual(new Set(kinds));
    // a game report's body: every field of GameReported but its type, version and event id
    const report = doc.components.schemas.ReportGameCommand!;
    expect(Object.keys(report.properties!)).toEqual(expect.arrayContaining(['tournamentId', 'gameId', 'round', 'first', 'second', 'result', 'handicap', 'timeControl', 'validDate']));
    expect(report.required).toEqual(expect.arrayContaining(['kind', 'tournamentId', 'gameId', 'round', 'first', 'second', 'result', 'validDate']));
    expect(Object.keys(report.properties!)).not.toContain('eventId');
    // a correction names only what changes, as the CLI's does
    expect(doc.components.schemas.CorrectResultCommand!.required).toEqual(['kind', 'gameId', 'tournamentId', 'reason']);
  });

  it('records every example as documented, one after the other, on a fresh ledger', async () => {
    for (const body of examples) {
      const r = await api.post('/commands', body, officer);
      expect({ kind: body.kind, status: r.status, detail: r.body.detail }).toEqual({ kind: body.kind, status: 201, detail: undefined });
    }
  });
});
