import type { Request, Response } from 'express';
import { Problem } from './problems';

/** JSON bodies nest at most this deep: a command nests four levels; a deeper body is an attack on the decoders' stacks. */
export const MAX_BODY_DEPTH = 32;

export const depthOf = (value: unknown): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
};

/** A JSON object body, or a 400 naming what came instead and what the route expected (`expected`: "a JSON object with …"). */
export const objectBody = (req: Request, res: Response, expected: string): Record<string, unknown> => {
  const body: unknown = req.body;
  const empty = res.locals.bodyBytes === 0 || (body === undefined && req.get('transfer-encoding') === undefined && Number(req.get('content-length') ?? 0) === 0);
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && !empty) return body as Record<string, unknown>;
  const came =
    empty ? 'empty'
    : body === undefined ? 'not JSON (send it with Content-Type: application/json)'
    : body === null ? 'null'
    : Array.isArray(body) ? 'an array'
    : `a JSON ${typeof body}`;
  throw new Problem(400, 'body-not-object', `the request body is ${came}; expected ${expected}`, { parameter: 'body' });
};
