import { AUDIT_TRAIL_EVENTS, evolveAuditTrail, initialAuditTrail, type AuditTrail } from '../../../projections/audit-trail';
import type { EventStore } from '../ports/event-store';
import { LiveReadModel, type ReadModel } from '../read-model';

type Handled = (typeof AUDIT_TRAIL_EVENTS.handles)[number];
type PassedOver = (typeof AUDIT_TRAIL_EVENTS.passesOver)[number];

/** The amendments of each tournament and the lists published, in recorded order (projections/audit-trail.ts). */
export const AUDIT_TRAIL: ReadModel<AuditTrail, AuditTrail, Handled, PassedOver> = {
  name: 'audit trail',
  ...AUDIT_TRAIL_EVENTS,
  initialState: initialAuditTrail,
  evolve: (trail, _fact, recorded) => {
    evolveAuditTrail(trail, recorded);
    return trail;
  },
  queries: (trail) => trail,
};

/**
 * The audit trail a server keeps, fed only the facts recorded since the last request, and of those only the kinds it
 * reads: the store filters them (SQLite, PostgreSQL), so the first request at a million games does not decode every
 * fact of the log.
 */
export class LiveAuditTrail {
  private readonly live: LiveReadModel<AuditTrail, AuditTrail, Handled, PassedOver>;

  constructor(store: EventStore) {
    this.live = new LiveReadModel(AUDIT_TRAIL, store);
  }

  async caughtUp(): Promise<{ trail: AuditTrail; position: number }> {
    const { queries, position } = await this.live.caughtUp();
    return { trail: queries, position };
  }
}
