import type { NextFunction, Request, Response } from 'express';
import * as t from 'io-ts';
import { OFFICER_ROLES, type OfficerRole } from '../../../domain/events';
import { LedgerFailure, type FailureKind } from '../../app/failure';
import { integer, keys } from './answers/parts';
import { component, described } from './codec-schema';

/**
 * Errors as RFC 9457 problem details (`application/problem+json`): `type` names the kind of problem, `title` is its
 * fixed summary, `detail` the one sentence about this request, naming the parameter (also given as `parameter`),
 * player or list and what was expected.
 */
export const ProblemBody = component(
  'Problem',
  t.intersection([
    t.type({ type: t.string, title: t.string, status: integer, detail: t.string }),
    t.partial({
      parameter: t.string,
      requiredRole: keys(...OFFICER_ROLES),
      code: described(t.string, "The rule engine's error code when it refused (e.g. no-convergence, unknown-grade)."),
    }),
  ]),
);
export type ProblemBody = t.TypeOf<typeof ProblemBody>;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A request the API refuses; `slug` becomes the problem type (`urn:rating-ledger:problem:<slug>`). */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    detail: string,
    readonly extra: { readonly parameter?: string; readonly requiredRole?: OfficerRole; readonly code?: string; readonly headers?: Readonly<Record<string, string>> } = {},
  ) {
    super(detail);
    this.name = 'Problem';
  }
}

/** A request the API cannot answer as asked (HTTP 400); the message names the parameter and what was expected. */
export class BadRequest extends Problem {
  constructor(detail: string, parameter?: string) {
    super(400, 'bad-parameter', detail, parameter !== undefined ? { parameter } : {});
  }
}

/** Something the request names that the ledger does not have (HTTP 404). */
export class NotFound extends Problem {
  constructor(detail: string) {
    super(404, 'not-found', detail);
  }
}

export const sendProblem = (res: Response, problem: Problem): void => {
  const { parameter, requiredRole, code, headers } = problem.extra;
  const body: ProblemBody = {
    type: `urn:rating-ledger:problem:${problem.slug}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    ...(parameter !== undefined ? { parameter } : {}),
    ...(requiredRole !== undefined ? { requiredRole } : {}),
    ...(code !== undefined ? { code } : {}),
  };
  for (const [name, value] of Object.entries(headers ?? {})) res.set(name, value);
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(body));
};

/** What body-parser and the router say about a request, as one sentence each (they come as http-errors with a `type`). */
const requestProblem = (error: { type?: unknown; status?: unknown; message?: unknown; charset?: unknown; encoding?: unknown; limit?: unknown }): Problem | undefined => {
  switch (error.type) {
    case 'entity.too.large':
      return new Problem(413, 'body-too-large', `the request body is larger than the limit of ${String(error.limit)} bytes`, { parameter: 'body' });
    case 'entity.parse.failed':
      return new Problem(400, 'body-not-json', `the request body is not valid JSON: ${String(error.message)}`, { parameter: 'body' });
    case 'charset.unsupported':
      return new Problem(415, 'unsupported-charset', `the request body's charset "${String(error.charset)}" is not supported; send UTF-8 JSON`, { parameter: 'content-type' });
    case 'encoding.unsupported':
      return new Problem(415, 'unsupported-encoding', `the request body's content-encoding "${String(error.encoding)}" is not supported; send identity, gzip or deflate`, { parameter: 'content-encoding' });
    case 'request.size.invalid':
    case 'request.aborted':
      return new Problem(400, 'body-incomplete', 'the request body ended before its declared content-length', { parameter: 'body' });
  }
  // an undecodable body (a bogus gzip stream) or path (a malformed %-escape): http-errors with a 4xx status
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    if (typeof error.message === 'string' && /decode param/i.test(error.message)) {
      return new Problem(400, 'bad-path', `the path has a malformed %-escape: ${error.message.replace(/^Failed to decode param /, '')} is not UTF-8 percent-encoding`, { parameter: 'path' });
    }
    if (error.status === 400) return new Problem(400, 'body-undecodable', `the request body cannot be decoded as its content-encoding says: ${String(error.message)}`, { parameter: 'body' });
  }
  return undefined;
};

/**
 * The HTTP API's one boundary for the use cases' failures: each kind its status and problem type. An engine code
 * (e.g. FESA's `no-convergence`) is kept as `code`; an option at fault as `parameter`.
 */
const PROBLEMS: Record<FailureKind, { readonly status: number; readonly slug: string }> = {
  'bad-input': { status: 400, slug: 'bad-parameter' },
  'not-found': { status: 404, slug: 'not-found' },
  rejected: { status: 422, slug: 'command-rejected' },
  conflict: { status: 409, slug: 'concurrency-conflict' },
  unreproducible: { status: 409, slug: 'list-not-reproducible' },
  // the ledger holds facts its rule set cannot rate (a player not registered, a tournament the engine refuses): the
  // ledger's state, not the server, is at fault, and an officer's correction or withdrawal mends it
  unratable: { status: 409, slug: 'unratable-ledger' },
};

/** A rejection whose sentence names a command's field (the deciders say "field `x`") names it as the parameter. */
const fieldNamedIn = (sentence: string): string | undefined => /\bfield `([^`]+)`/.exec(sentence)?.[1];

const problemOf = (failure: LedgerFailure): Problem => {
  const { status, slug } = PROBLEMS[failure.kind];
  const { code } = failure.detail;
  const parameter = failure.detail.parameter ?? (failure.kind === 'rejected' ? fieldNamedIn(failure.message) : undefined);
  return new Problem(status, slug, failure.message, { ...(parameter !== undefined ? { parameter } : {}), ...(code !== undefined ? { code } : {}) });
};

/**
 * The last handler: a Problem as it is, a use case's failure by its kind, what the body parser or router refused as the client's problem, anything
 * else as the ledger's (500, its message as the detail: a fold that failed names the fact).
 */
export const toProblem = (error: unknown): Problem => {
  if (error instanceof Problem) return error;
  if (error instanceof LedgerFailure) return problemOf(error);
  const fromRequest = typeof error === 'object' && error !== null ? requestProblem(error) : undefined;
  return fromRequest ?? new Problem(500, 'ledger-error', error instanceof Error ? error.message : String(error));
};

export const problemHandler = (error: unknown, _req: Request, res: Response, _next: NextFunction): void => sendProblem(res, toProblem(error));

/** A problem's fixed summary (for pages that show it to people). */
export const problemTitle = (problem: Problem): string => TITLES[problem.status] ?? 'Error';
