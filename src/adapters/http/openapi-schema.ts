/** The building blocks of the OpenAPI document (openapi.ts and the paths of other modules, such as the publications'). */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const date: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
export const object = (properties: Record<string, Schema>, required: readonly string[] = Object.keys(properties), additional = true): Schema => ({
  type: 'object',
  properties,
  required,
  ...(additional ? {} : { additionalProperties: false }),
});

export const json = (schema: Schema) => ({ 'application/json': { schema } });
export const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
export const ok = (description: string, schema: Schema) => ({ description, content: json(schema) });
/** A route that also answers a page when the client prefers text/html (a browser). */
export const page = { 'text/html': { schema: str } };
export const okOrPage = (description: string, schema: Schema) => ({ description: `${description} With Accept: text/html, the page.`, content: { ...json(schema), ...page } });
/** A problem, or for a browser the same sentence as a page. */
export const problemOrPage = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') }, ...page } });

/** The problems any route may answer (a bad Host on a loopback server, a rate limit, the ledger's own failure). */
export const common = {
  '400': problem('A malformed path (%-escape), query parameter or body; `parameter` names it.'),
  '421': problem('A loopback server asked for another host (DNS rebinding refused).'),
  '409': problem('The ledger holds facts its rule set cannot rate (a player not registered, a tournament the engine refuses): `detail` names the tournament and player as `ledger` says it, `code` the engine\'s reason.'),
  '500': problem('The ledger could not answer (a fact that cannot be folded is named).'),
};
export const needsToken = {
  '401': problem('No token, or one that signs no one in (unknown, rotated, revoked).'),
  '403': problem('The signed-in officer lacks the role the route needs (requiredRole says which).'),
};
/** What a route with a page answers a browser when it fails: the problem's sentence as a page. */
export const pageProblems = {
  '400': problemOrPage('A malformed path or query parameter; `parameter` names it (for a browser, a page with the same sentence).'),
  '401': problemOrPage('No token, or one that signs no one in (under serve --private).'),
  '403': problemOrPage('The signed-in officer lacks the role the route needs.'),
  '421': problemOrPage('A loopback server asked for another host (DNS rebinding refused).'),
  '409': problemOrPage('The ledger holds facts its rule set cannot rate (a player not registered, a tournament the engine refuses): `detail` names the tournament and player as `ledger` says it, `code` the engine\'s reason.'),
  '500': problemOrPage('The ledger could not answer (a fact that cannot be folded is named).'),
};
export const badParameter = { '400': problem('A query parameter is malformed; `parameter` names it.') };
export const folds = {
  '429': problem('Too many whole-ledger folds from this client this minute (Retry-After says when to retry).'),
  '503': problem('The server already runs as many whole-ledger folds as it allows at once (Retry-After).'),
};
export const writes = {
  '400': problem('The body is not a JSON object, not JSON, or nests too deep.'),
  '413': problem('The body is larger than the limit.'),
  '415': problem('The body has a charset or content-encoding the server does not read.'),
  '429': problem('Too many writes from this officer this minute (Retry-After says when to retry).'),
};

export const query = (name: string, schema: Schema, description: string, required = false) => ({ name, in: 'query', required, schema, description });
export const pathParam = (name: string, description: string) => ({ name, in: 'path', required: true, schema: str, description });

/** Who may read a route: a Bearer token, or a browser's Basic credentials (taken on reads only). */
export const security = (role: string) => ({ security: [{ bearer: [] }, { basic: [] }], 'x-required-role': role });
export const writeSecurity = (role: string) => ({ security: [{ bearer: [] }], 'x-required-role': role });
export const publicRoute = { security: [{}, { bearer: [] }, { basic: [] }], 'x-required-role': 'public (auditor under serve --private)' };
