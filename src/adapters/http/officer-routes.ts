import type express from 'express';
import * as t from 'io-ts';
import { OFFICER_ROLES } from '../../../domain/events';
import { isOfficerRole, type Officers } from '../../app/officers';
import { today } from '../clock';
import { keys } from './answers/parts';
import type { Appointment, NewToken, OfficerList, Revocation } from './answers/service';
import { signedIn } from './access';
import { BadRequest, Problem } from './problems';
import { queryOf } from './query';
import type { ServerContext } from './server-context';

/** What POST /officers takes (the route checks it field by field, to name the wrong one): the document's body. */
export const AppointmentBody = t.intersection([t.type({ officer: t.string, role: keys(...OFFICER_ROLES) }), t.partial({ reason: t.string })]);

/** The admins' routes: appoint, list and revoke officers, and issue an officer a new token. */
export const mountOfficerRoutes = (app: express.Express, context: ServerContext): void => {
  const { access, writes, turn, objectBody } = context;
  const officers = (): Officers => {
    if (context.officers === undefined) throw new Problem(503, 'no-credentials', 'this server was started without a credentials table; officers are managed with ledger officer …');
    return context.officers;
  };
  app.get('/officers', access('admin'), async (_req, res) => {
    const body: OfficerList = { officers: (await officers().list()).map((o) => ({ officer: o.officer, role: o.role ?? null, tokenIssuedAt: o.tokenIssuedAt ?? null })) };
    res.json(body);
  });

  app.post('/officers', access('admin'), ...writes, async (req, res) => {
    const body = objectBody(req, res, 'a JSON object with officer, role and reason');
    const unknown = Object.keys(body).filter((k) => !['officer', 'role', 'reason'].includes(k));
    if (unknown.length > 0) throw new Problem(422, 'unknown-field', `unknown field "${unknown[0]}"; an appointment has officer, role and reason`, { parameter: unknown[0]! });
    if (typeof body.officer !== 'string') throw new Problem(422, 'bad-field', 'officer must be the officer\'s name (text)', { parameter: 'officer' });
    if (typeof body.role !== 'string' || !isOfficerRole(body.role)) throw new Problem(422, 'bad-field', `role must be one of ${OFFICER_ROLES.join(', ')}`, { parameter: 'role' });
    if (body.reason !== undefined && typeof body.reason !== 'string') throw new Problem(422, 'bad-field', 'reason must be text', { parameter: 'reason' });
    const appointment = { officer: body.officer, role: body.role, actor: signedIn(res)!.officer, validDate: today(), ...(body.reason !== undefined ? { reason: body.reason } : {}) };
    const { result, token } = await turn(() => officers().appoint(appointment));
    const answer: Appointment = result.status === 'appended' ? { officer: body.officer, role: body.role, status: result.status, token: token ?? null } : { officer: body.officer, role: body.role, status: result.status, token: null };
    res.status(result.status === 'appended' ? 201 : 200).json(answer);
  });

  app.delete('/officers/:name', access('admin'), ...writes, async (req, res) => {
    const reason = queryOf(req).string('reason')?.trim();
    const officer = req.params.name as string;
    // a revocation takes rights away: the log says why, as the CLI's --reason does
    if (!reason) throw new BadRequest(`say why ${officer} is revoked: DELETE /officers/${encodeURIComponent(officer)}?reason=TEXT`, 'reason');
    const result = await turn(() => officers().revoke({ officer, actor: signedIn(res)!.officer, validDate: today(), reason }));
    const answer: Revocation = { officer, status: result.status };
    res.json(answer);
  });

  app.post('/officers/:name/token', access('admin'), ...writes, async (req, res) => {
    const officer = req.params.name as string;
    const answer: NewToken = { officer, token: await turn(() => officers().rotateToken(officer)) };
    res.status(201).json(answer);
  });
};
