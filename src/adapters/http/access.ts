import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isIP } from 'net';
import { OFFICER_ROLES, type OfficerRole } from '../../../domain/events';
import type { Officers } from '../../app/officers';
import { Problem } from './problems';

/** Who may call a route: anybody, or a signed-in officer of at least this role (roles include the ones before). */
export type Access = 'public' | OfficerRole;

export interface SignedIn {
  readonly officer: string;
  readonly role: OfficerRole;
}

const rank = (access: Access): number => (access === 'public' ? 0 : OFFICER_ROLES.indexOf(access) + 1);

/** The officer a request signed in as (set by `requireRole`; undefined on a public route called without a token). */
export const signedIn = (res: Response): SignedIn | undefined => res.locals.signedIn as SignedIn | undefined;

/**
 * Whether a request asks for a page: a browser's Accept prefers text/html to JSON; an API client (no Accept, `*\/*`,
 * or JSON first) gets JSON at the same URL, so a link copied from the browser works in a script.
 */
export const wantsHtml = (req: Request): boolean => req.accepts(['application/json', 'text/html']) === 'text/html';

/** Requests that only read: the only ones a browser's remembered Basic credentials are taken for. */
const reads = (req: Request): boolean => req.method === 'GET' || req.method === 'HEAD';

/**
 * The token a request signs in with: `Bearer <token>`, or from a browser (which can send no Bearer header without a
 * script) `Basic` with the token as the password, the user name being the officer's own. A browser resends Basic
 * credentials to the site by itself, even from another site's form, so they count only on reads: a write always
 * needs the Bearer header a page elsewhere cannot add.
 */
const tokenOf = (req: Request): string | undefined => {
  const header = req.get('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (match) return match[1];
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (basic && reads(req)) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0 && colon < decoded.length - 1) return decoded.slice(colon + 1);
  }
  const sentence = basic && !reads(req) ? 'a write needs the header "Authorization: Bearer <token>" (Basic credentials are taken on reads only)' : 'the Authorization header must be "Bearer <token>" (or, from a browser, Basic with the officer\'s name and the token as the password)';
  throw new Problem(401, 'unauthorized', sentence, { parameter: 'authorization', headers: { 'WWW-Authenticate': 'Bearer realm="ledger"' } });
};

/** The challenge of a 401: a browser asking for a page is asked for the token as a Basic password (its own sign-in box). */
const challengeOf = (req: Request, tokenSent: boolean): Record<string, string> => ({
  'WWW-Authenticate': reads(req) && wantsHtml(req) ? 'Basic realm="ledger: your officer name, and your token as the password", charset="UTF-8"' : `Bearer realm="ledger"${tokenSent ? ', error="invalid_token"' : ''}`,
});

/**
 * The access check of one route. A token, when sent, is always checked (a wrong token is a 401 even on a public
 * route: the client believes it is signed in). Under `--private` every route needs at least an auditor.
 */
export const accessControl =
  (officers: Officers | undefined, privateMode: boolean) =>
  (route: Access): RequestHandler => {
    const needed: Access = privateMode && route === 'public' ? 'auditor' : route;
    return async (req: Request, res: Response, next: NextFunction) => {
      const token = tokenOf(req);
      const challenge = challengeOf(req, token !== undefined);
      if (token === undefined) {
        if (needed === 'public') return next();
        const how = reads(req) && wantsHtml(req) ? 'sign in with your officer name and your token as the password' : 'send "Authorization: Bearer <token>"';
        throw new Problem(401, 'unauthorized', `this ${wantsHtml(req) ? 'page' : 'route'} needs a signed-in ${needed}: ${how} (ledger officer add issues one)`, { requiredRole: needed, headers: challenge });
      }
      const who = officers === undefined ? undefined : await officers.signIn(token);
      if (who === undefined) throw new Problem(401, 'unauthorized', 'the bearer token does not sign anyone in: it is unknown, was rotated, or its officer was revoked', { parameter: 'authorization', headers: challenge });
      if (needed !== 'public' && rank(who.role) < rank(needed)) {
        throw new Problem(403, 'forbidden', `this route needs the ${needed} role; ${who.officer} is an ${who.role}`, { requiredRole: needed });
      }
      res.locals.signedIn = who;
      next();
    };
  };

/** Whether an address the server binds to is this machine only (where DNS rebinding is the way in). */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** The names a client on this machine reaches a server bound to `host` by: localhost, and the address itself. */
const loopbackNames = (host: string): readonly string[] => {
  if (host === 'localhost') return ['localhost', '127.0.0.1', '[::1]'];
  return ['localhost', isIP(host) === 6 ? `[${host}]` : host];
};

/**
 * Refuses a request whose Host header is not this server: a page on evil.example whose name was rebound to 127.0.0.1
 * would otherwise read (and, with a token it obtained, write) the ledger from the victim's browser. On loopback only
 * the names of the address it is bound to count, with the port it listens on (127.0.0.2 or another port is another
 * server); `allowed` adds names a reverse proxy passes on, on any port (the proxy's).
 */
export const hostCheck =
  (bound: string, allowed: readonly string[]): RequestHandler =>
  (req, _res, next) => {
    const host = (req.get('host') ?? '').toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
    const port = host.slice(name.length).replace(/^:/, '');
    const names = loopbackNames(bound.toLowerCase());
    if (allowed.some((a) => a.toLowerCase() === name)) return next();
    if (names.includes(name) && (port === '' ? 80 : Number(port)) === req.socket.localPort) return next();
    const served = [...names.map((n) => `${n}:${req.socket.localPort}`), ...allowed];
    throw new Problem(421, 'host-not-served', `this server on a loopback address answers only for ${served.slice(0, -1).join(', ')}${served.length > 1 ? ' and ' : ''}${served[served.length - 1]}, not for Host "${host}" (serve --allowed-host NAME adds a name)`, { parameter: 'host' });
  };
