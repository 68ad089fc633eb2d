/** A command the ledger refused: its sentence is what the user reads. */
export class CommandRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandRejected';
  }
}
