import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as http from 'http';
import { gunzipSync } from 'zlib';
import type { AddressInfo } from 'net';
import { expect } from 'vitest';
import { openApiDocument } from '../../../src/adapters/http/openapi';
import { createServer, type ServerOptions } from '../../../src/adapters/http/server';
import { sqliteCheckpoints } from '../../../src/adapters/store/checkpoint-storage';
import { sqliteCredentials } from '../../../src/adapters/store/credentials';
import { openStore } from '../../../src/adapters/store/open';
import { Ledger } from '../../../src/app/ledger';
import { Officers } from '../../../src/app/officers';
import type { EventStore } from '../../../src/app/ports/event-store';
import type { OfficerRole } from '../../../domain/events';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }>; requestBody?: { content: Record<string, { schema: object } | undefined> } };
const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: object };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components });
const validators = new Map<string, ValidateFunction>();
const validatorOf = (key: string, schema: object): ValidateFunction => {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/components/schemas/')) as object);
    validators.set(key, v);
  }
  return v;
};

const routes = Object.entries(document.paths).map(([template, operations]) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  operations,
}));

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly type: string;
  /** The body, unzipped when it came gzipped. */
  readonly bytes: Buffer;
  /** The body as it came over the wire (raw requests only; fetch unzips before anyone sees it). */
  readonly wire?: Buffer;
  /** The body parsed as JSON (undefined when it is not JSON). */
  readonly body: Record<string, unknown>;
}

/**
 * Holds a response to the OpenAPI document: its status must be documented for the route, its media type among the
 * documented ones, and a JSON body must validate against the documented schema (ajv, JSON Schema 2020-12). A path no
 * route matches must be a 404 problem.
 */
export const checkAgainstOpenApi = (method: string, url: string, answer: Answer): void => {
  const path = new URL(url, 'http://x').pathname;
  const route = routes.find((r) => r.pattern.test(path));
  const operation = route?.operations[method.toLowerCase()];
  const where = `${method} ${path} → ${answer.status}`;
  let content: Record<string, { schema: object }> | undefined;
  let key: string;
  if (!route || !operation) {
    expect(answer.status, `${where}: no route in the OpenAPI document, so only a 404 or 405 problem may answer`).toBeOneOf([404, 405]);
    content = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    key = 'unrouted';
  } else {
    const response = operation.responses[String(answer.status)];
    expect(response, `${where}: status not documented`).toBeDefined();
    content = response!.content;
    key = `${route.template} ${method} ${answer.status}`;
  }
  if (content === undefined) {
    expect(answer.bytes.length, `${where}: a body where none is documented`).toBe(0);
    return;
  }
  const mediaType = answer.type.split(';')[0]!.trim();
  expect(Object.keys(content), `${where}: media type ${mediaType} not documented`).toContain(mediaType);
  if (mediaType.endsWith('json')) {
    const validate = validatorOf(`${key} ${mediaType}`, content[mediaType]!.schema);
    if (!validate(answer.body)) throw new Error(`${where}: the body does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}`);
  }
};

/**
 * Holds an accepted request's JSON body to the documented request body (a refused one may be anything): what the
 * server took, the document must describe — every field of every command.
 */
export const checkRequestAgainstOpenApi = (method: string, url: string, body: string): void => {
  const path = new URL(url, 'http://x').pathname;
  const route = routes.find((r) => r.pattern.test(path));
  const schema = route?.operations[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  if (route === undefined || schema === undefined) return;
  const validate = validatorOf(`${route.template} ${method} request`, schema);
  if (!validate(JSON.parse(body))) throw new Error(`${method} ${path}: the server took a body the OpenAPI document does not describe: ${ajv.errorsText(validate.errors)}`);
};

export interface Api {
  readonly base: string;
  readonly store: EventStore;
  readonly ledger: Ledger;
  readonly officers: Officers;
  /** A token for a new officer of this role. */
  appoint(officer: string, role: OfficerRole): Promise<string>;
  /** Any request; the response is checked against the OpenAPI document before it is returned. */
  request(method: string, url: string, init?: { token?: string; body?: string | Buffer; headers?: Record<string, string> }): Promise<Answer>;
  /** A request as node's http client sends it: any Host, any body bytes, headers as given. */
  raw(method: string, path: string, headers: Record<string, string | number>, body?: Buffer): Promise<Answer>;
  get(url: string, token?: string): Promise<Answer>;
  post(url: string, body: unknown, token?: string): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * A server on a SQLite ledger file with its credentials table, as `ledger serve` starts it, on a free loopback port
 * (`withoutCheckpoints`: as on EventStoreDB, without projections saved next to the log, so every list is folded).
 */
export const startApi = async (db: string, options: Omit<ServerOptions, 'officers' | 'checkpoints'> & { readonly withoutCheckpoints?: boolean } = {}): Promise<Api> => {
  const store = await openStore(`sqlite:${db}`);
  const ledger = new Ledger(store);
  const credentials = sqliteCredentials(db);
  const officers = new Officers(ledger, credentials);
  const { withoutCheckpoints, ...rest } = options;
  const server = createServer(ledger, { ...(withoutCheckpoints ? {} : { checkpoints: sqliteCheckpoints(db) }), officers, host: '127.0.0.1', storeSpec: `sqlite:${db}`, ...rest }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request: Api['request'] = async (method, url, init = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(init.token !== undefined ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    let body: Record<string, unknown> = {};
    if (type.split(';')[0]!.trim().endsWith('json')) body = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const answer = { status: res.status, headers: res.headers, type, bytes, body };
    checkAgainstOpenApi(method, url, answer);
    if (typeof init.body === 'string' && answer.status < 300) checkRequestAgainstOpenApi(method, url, init.body);
    return answer;
  };
  const raw: Api['raw'] = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const bytes = res.headers['content-encoding'] === 'gzip' && wire.length > 0 ? gunzipSync(wire) : wire;
          const type = res.headers['content-type'] ?? '';
          const answer = {
            status: res.statusCode!,
            wire,
            headers: new Headers(Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))),
            type,
            bytes,
            body: type.includes('json') ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>) : {},
          };
          try {
            checkAgainstOpenApi(method, path, answer);
            resolve(answer);
          } catch (e) {
            reject(e);
          }
        });
      });
      // the server may answer (413) and close before a large body is sent: that answer is what counts
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
      req.end(body);
    });
  return {
    base,
    raw,
    store,
    ledger,
    officers,
    appoint: async (officer, role) => (await officers.appoint({ officer, role, actor: 'test', validDate: '2026-01-01' })).token!,
    request,
    get: (url, token) => request('GET', url, token !== undefined ? { token } : {}),
    post: (url, body, token) => request('POST', url, { body: typeof body === 'string' ? body : JSON.stringify(body), ...(token !== undefined ? { token } : {}) }),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await credentials.close();
      await store.close();
    },
  };
};
