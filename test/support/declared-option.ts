import { commandCatalog } from '../../src/adapters/cli/commands/catalog';
import { GLOBAL_OPTIONS, type OptionDeclaration } from '../../src/adapters/cli/declaration';

/** The declaration of `--option` as `command` takes it (its own, else a global one). */
export const declaredOption = (command: string, option: string): OptionDeclaration | undefined =>
  [...(commandCatalog.find((c) => c.name === command)?.options ?? []), ...GLOBAL_OPTIONS].find((o) => o.name === option);
