/**
 * Issue 34: the OpenAPI document's answers are described from the codecs whose types the routes' values have
 * (src/adapters/http/answers/), so that a field added to an answer and not to its codec fails to compile or fails
 * api.ts's check of the traffic (the objects are closed). Every component schema comes from a codec, but for the
 * exceptions named here with why.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ANSWER_COMPONENTS } from '../../../src/adapters/http/answers';
import { codecSchema, componentName } from '../../../src/adapters/http/codec-schema';
import { openApiDocument } from '../../../src/adapters/http/openapi';
import { commandSchemas } from '../../../src/adapters/http/openapi-commands';

type Schema = Record<string, unknown>;
const doc = openApiDocument() as unknown as { components: { schemas: Record<string, Schema> } };
const schemas = doc.components.schemas;

/** Components not read off an answer codec, and why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // the command bodies: read off the event codecs by openapi-commands.ts (command-examples.test.ts holds them)
  ...Object.fromEntries(Object.keys(commandSchemas()).map((name) => [name, 'a command body, made from its event\'s codec by openapi-commands.ts'])),
};

/** Every object schema inside `s`, with where it is. */
const objectsIn = (s: unknown, at: string): [string, Schema][] => {
  if (s === null || typeof s !== 'object') return [];
  const here = s as Schema;
  const own: [string, Schema][] = here.type === 'object' && here.properties !== undefined ? [[at, here]] : [];
  return [...own, ...Object.entries(here).flatMap(([k, v]) => objectsIn(v, `${at}.${k}`))];
};

/** JSON answers that are no answer codec's, and why. */
const UNCODED_ANSWERS: Readonly<Record<string, string>> = {
  'GET /openapi.json 200': 'the OpenAPI document itself, whose shape is the OpenAPI specification\'s',
};

type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };

describe('HTTP: the answers the API documents', () => {
  it('answers every route with a component (a problem, or an answer codec\'s), never a schema written beside the route', () => {
    const paths = (openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    const inline: string[] = [];
    for (const [route, operations] of Object.entries(paths)) {
      for (const [method, { responses }] of Object.entries(operations)) {
        for (const [status, { content }] of Object.entries(responses)) {
          const where = `${method.toUpperCase()} ${route} ${status}`;
          for (const [type, { schema }] of Object.entries(content ?? {})) {
            if (!type.endsWith('json') || UNCODED_ANSWERS[where] !== undefined) continue;
            const refs = schema.$ref !== undefined ? [schema] : ((schema.anyOf ?? []) as Schema[]);
            if (refs.length === 0 || refs.some((r) => typeof r.$ref !== 'string' || schemas[(r.$ref as string).replace('#/components/schemas/', '')] === undefined)) inline.push(`${where} ${type}`);
          }
        }
      }
    }
    expect(inline).toEqual([]);
  });

  it('reads every component schema off the codec of that name, but for the exceptions named with why', () => {
    const fromCodecs = new Map(ANSWER_COMPONENTS.map((codec) => [componentName(codec), codec]));
    expect(fromCodecs.has(undefined), 'an answer codec without a component name').toBe(false);
    for (const [name, schema] of Object.entries(schemas)) {
      if (EXCEPTIONS[name] !== undefined) continue;
      const codec = fromCodecs.get(name);
      expect(codec, `component ${name}: no answer codec names it (add one to answers/, or to EXCEPTIONS with why)`).toBeDefined();
      expect(schema, `component ${name}`).toEqual(codecSchema(codec!));
    }
    // and every answer codec is in the document
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining([...fromCodecs.keys()] as string[]));
  });

  it('closes every object of an answer: a field its codec lacks is refused', () => {
    const open = Object.entries(schemas)
      .filter(([name]) => EXCEPTIONS[name] === undefined)
      .flatMap(([name, schema]) => objectsIn(schema, name))
      .filter(([, s]) => s.additionalProperties !== false)
      .map(([at]) => at);
    expect(open).toEqual([]);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    const list = ajv.compile({ $ref: 'openapi#/components/schemas/List' });
    const row = { rank: 1, id: 'p1', playerId: 'p1', name: 'Aoki Jun', country: 'JP', grade: '1d', rating: 2000, games: 12, provisional: false, lastPlayed: '2026-01-10' };
    expect(list({ asOf: '2026-02-01', activeYears: 2, players: [row] }), JSON.stringify(list.errors)).toBe(true);
    expect(list({ asOf: '2026-02-01', activeYears: 2, players: [{ ...row, club: 'Tokyo' }] })).toBe(false);
    expect(list({ asOf: '2026-02-01', activeYears: 2, players: [row], generatedBy: 'ledger' })).toBe(false);
  });
});
