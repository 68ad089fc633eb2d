import { LedgerFailure } from './failure';

/** A command the ledger refused: its sentence is what the user reads; `code` the rule engine's, when the engine refused. */
export class CommandRejected extends LedgerFailure {
  constructor(message: string, code?: string) {
    super('rejected', message, code !== undefined ? { code } : {});
    this.name = 'CommandRejected';
  }
}
