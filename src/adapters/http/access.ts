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

const bearer = (req: Request): string | undefined => {
  const header = req.get('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw new Problem(401, 'unauthorized', 'the Authorization header must be "Bearer <token>"', { parameter: 'authorization', headers: { 'WWW-Authenticate': 'Bearer realm="ledger"' } });
  return match[1];
};

/**
 * The access check of one route. A token, when sent, is always checked (a wrong token is a 401 even on a public
 * route: the client believes it is signed in). Under `--private` every route needs at least an auditor.
 */
export const accessControl =
  (officers: Officers | undefined, privateMode: boolean) =>
  (route: Access): RequestHandler => {
    const needed: Access = privateMode && route === 'public' ? 'auditor' : route;
    return async (req: Request, res: Response, next: NextFunction) => {
      const token = bearer(req);
      const challenge = { 'WWW-Authenticate': `Bearer realm="ledger"${token === undefined ? '' : ', error="invalid_token"'}` };
      if (token === undefined) {
        if (needed === 'public') return next();
        throw new Problem(401, 'unauthorized', `this route needs a signed-in ${needed}: send "Authorization: Bearer <token>" (ledger officer add issues one)`, { requiredRole: needed, headers: challenge });
      }
      const who = officers === undefined ? undefined : await officers.signIn(token);
      if (who === undefined) throw new Problem(401, 'unauthorized', 'the bearer token does not sign anyone in: it is unknown, was rotated, or its officer was revoked', { parameter: 'authorization', headers: challenge });
      if (rank(who.role) < rank(needed)) {
        throw new Problem(403, 'forbidden', `this route needs the ${needed} role; ${who.officer} is an ${who.role}`, { requiredRole: needed });
      }
      res.locals.signedIn = who;
      next();
    };
  };

/** Whether an address the server binds to is this machine only (where DNS rebinding is the way in). */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/**
 * Refuses a request whose Host header is not a name of this machine: a page on evil.example whose name was rebound
 * to 127.0.0.1 would otherwise read (and, with a token it obtained, write) the ledger from the victim's browser.
 * `allowed` adds names a reverse proxy passes on.
 */
export const hostCheck =
  (allowed: readonly string[]): RequestHandler =>
  (req, _res, next) => {
    const host = (req.get('host') ?? '').toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
    const names = new Set(['localhost', '[::1]', ...allowed.map((a) => a.toLowerCase())]);
    if (names.has(name) || (isIP(name) === 4 && name.startsWith('127.'))) return next();
    throw new Problem(421, 'host-not-served', `this server on a loopback address answers only for localhost, 127.0.0.1 and [::1]${allowed.length > 0 ? ` and ${allowed.join(', ')}` : ''}, not for Host "${host}" (serve --allowed-host NAME adds a name)`, { parameter: 'host' });
  };
