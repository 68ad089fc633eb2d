import { OFFICER_ROLES } from '../../../../domain/events';
import { isOfficerRole } from '../../../app/officers';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';
import { table } from '../output';

const today = (): string => new Date().toISOString().slice(0, 10);

const officerName = (ctx: CliContext): string => ctx.opts.required('name', 'the officer\'s name, as it will stand as the actor of what they record');

/**
 * The CLI works on the store itself, behind the store's own access control (file permissions, PostgreSQL roles):
 * whoever may write the ledger file may appoint officers. That is how the first admin is appointed.
 */
export const officerAdd: CommandRun = {
  async run(ctx) {
    const officer = officerName(ctx);
    const role = ctx.opts.required('role', OFFICER_ROLES.join('|'));
    if (!isOfficerRole(role)) throw new UsageError(`--role must be one of ${OFFICER_ROLES.join(', ')}, got "${role}"`);
    const reason = ctx.opts.string('reason');
    const { result, token } = await (await ctx.officers()).appoint({ officer, role, actor: ctx.actor, validDate: ctx.opts.date('date') ?? today(), ...(reason !== undefined ? { reason } : {}) });
    if (ctx.json) ctx.out(JSON.stringify({ officer, role, status: result.status, token: token ?? null }, null, 2));
    else {
      ctx.out(result.status === 'appended' ? `${officer} appointed ${role} (recorded at position ${result.position})` : `${officer} is already ${role}: nothing recorded`);
      if (token !== undefined) {
        ctx.err('the token below is shown once; only its hash is kept. Give it to the officer over a private channel.');
        ctx.out(token);
      } else ctx.err(`${officer}'s token stays as it was (ledger officer rotate-token --name ${officer} issues a new one)`);
    }
    return 0;
  },
};

export const officerRevoke: CommandRun = {
  async run(ctx) {
    const officer = officerName(ctx);
    // a revocation takes rights away: the log says why
    const reason = ctx.opts.required('reason', 'why the officer is revoked, e.g. "term ended"');
    const result = await (await ctx.officers()).revoke({ officer, actor: ctx.actor, validDate: ctx.opts.date('date') ?? today(), reason });
    ctx.print({ officer, status: result.status }, () => (result.status === 'appended' ? `${officer} revoked (recorded at position ${result.position})` : `${officer} was already revoked: nothing recorded`));
    return 0;
  },
};

export const officerRotate: CommandRun = {
  async run(ctx) {
    const officer = officerName(ctx);
    const token = await (await ctx.officers()).rotateToken(officer);
    if (ctx.json) ctx.out(JSON.stringify({ officer, token }, null, 2));
    else {
      ctx.err(`new token for ${officer}; the old one no longer signs in. It is shown once:`);
      ctx.out(token);
    }
    return 0;
  },
};

export const officerList: CommandRun = {
  async run(ctx) {
    const officers = await (await ctx.officers('read')).list();
    ctx.print(
      officers.map((o) => ({ officer: o.officer, role: o.role ?? null, tokenIssuedAt: o.tokenIssuedAt ?? null })),
      () => (officers.length === 0 ? 'no officers' : table(['officer', 'role', 'token issued'], officers.map((o) => [o.officer, o.role ?? 'revoked', o.tokenIssuedAt ?? '-']))),
    );
    return 0;
  },
};
