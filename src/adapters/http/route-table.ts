import type { Access } from './access';
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { SUBMISSION_ROUTES } from './submission-routes';

/** Each route with who may call it (under --private, public routes need an auditor). GET / lists them. */
export const ROUTES: readonly (readonly [route: string, access: Access])[] = [
  ['GET /health', 'public'],
  ['GET /openapi.json', 'public'],
  ['GET /events?from=&limit=', 'auditor'],
  ['GET /verify', 'auditor'],
  ['GET /players?q=&page=', 'public'],
  ['GET /players/:id?rules=', 'public'],
  ['GET /players/:id/history?rules=', 'public'],
  ['GET /players/:id/explain?tournament=&rules=', 'public'],
  ['GET /tournaments?q=&page=', 'public'],
  ['GET /tournaments/:id?format=json|fesa-html&rules=', 'public'],
  ['GET /lists?as-of=&format=json|csv|table|fesa|fesa-all&active-years=&rules=', 'public'],
  [`GET /lists?rules=${GENERIC_RULE_SETS.join('|')}&format=json|csv|table`, 'public'],
  ['GET /lists?known-at=…', 'auditor'],
  ['GET /lists/published', 'public'],
  ['GET /lists/published/:id', 'public'],
  ['GET /lists/published/:id/diff?q=&page=&runs-page=', 'public'],
  ['GET /diff?rules=A&rules=B&as-of=&q=&page=&runs-page=', 'auditor'],
  ['POST /commands', 'officer'],
  ['GET /officers', 'admin'],
  ['POST /officers', 'admin'],
  ['DELETE /officers/:name?reason=', 'admin'],
  ['POST /officers/:name/token', 'admin'],
  ...SUBMISSION_ROUTES,
];
