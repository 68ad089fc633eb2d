import { isValidIsoDate } from '../../../domain/events/iso-date';
import { LedgerFailure } from '../../app/failure';
import { DECIMAL } from '../../app/game-fields';

/** Minimal, strict argument parsing: `--name value`, `--name=value`, boolean `--flag`, repeated flags collect. */
export interface ParsedArgs {
  readonly positional: readonly string[];
  readonly flags: ReadonlyMap<string, readonly string[]>;
}

/** A number as an officer writes it: digits with an optional fraction (`1e3`, `0x10` or `Infinity` are typos here). */

export class UsageError extends LedgerFailure {
  constructor(message: string) {
    super('bad-input', message);
    this.name = 'UsageError';
  }
}

/**
 * `declared`, when the command is known, is every option it takes: one it does not take is kept as given alone, never
 * taking the next word as its value, so that the command refuses it as unknown (`player add --dry-run` at the end of
 * the line would otherwise "need a value").
 */
export const parseArgs = (argv: readonly string[], booleanFlags: ReadonlySet<string>, declared?: ReadonlySet<string>): ParsedArgs => {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (name: string, value: string) => flags.set(name, [...(flags.get(name) ?? []), value]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    // the short form a newcomer tries first
    if (arg === '-h') {
      add('help', 'true');
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (eq >= 0) add(name, arg.slice(eq + 1));
    else if (booleanFlags.has(name) || (declared !== undefined && !declared.has(name))) add(name, 'true');
    else {
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) throw new UsageError(`option --${name} needs a value`);
      add(name, value);
      i++;
    }
  }
  return { positional, flags };
};

/** Typed access to parsed options; every getter names the option in its error. */
export class Options {
  private readonly used = new Set<string>();
  constructor(private readonly parsed: ParsedArgs) {}

  get positional(): readonly string[] {
    return this.parsed.positional;
  }
  has(name: string): boolean {
    this.used.add(name);
    return this.parsed.flags.has(name);
  }
  /** A yes-or-no option: `--name` alone is yes; `--name=yes|true|no|false` says which; any other value is refused. */
  flag(name: string): boolean {
    this.used.add(name);
    const v = this.parsed.flags.get(name);
    if (v === undefined) return false;
    const said = v[v.length - 1]!;
    if (said === 'true' || said === 'yes') return true;
    if (said === 'false' || said === 'no') return false;
    throw new UsageError(`--${name} is a yes-or-no option: give it alone, or as --${name}=yes or --${name}=no, got "${said}"`);
  }
  string(name: string): string | undefined {
    this.used.add(name);
    const v = this.parsed.flags.get(name);
    return v?.[v.length - 1];
  }
  all(name: string): readonly string[] {
    this.used.add(name);
    return this.parsed.flags.get(name) ?? [];
  }
  required(name: string, what: string): string {
    const v = this.string(name);
    if (v === undefined || v === '') throw new UsageError(`missing --${name} (${what})`);
    return v;
  }
  /** A date option: `YYYY-MM-DD` naming a day that exists. */
  date(name: string): string | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!isValidIsoDate(v)) throw new UsageError(`--${name} must be a date YYYY-MM-DD that exists, got "${v}"`);
    return v;
  }
  requiredDate(name: string, what: string): string {
    this.required(name, what);
    return this.date(name)!;
  }
  int(name: string): number | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} must be an integer, got "${v}"`);
    return Number(v);
  }
  /** A whole number from `min` to `max` (a count, a position, a port). */
  count(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}, got "${v}"`);
    return n;
  }
  number(name: string): number | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!DECIMAL.test(v)) throw new UsageError(`--${name} must be a number written in digits (such as 90 or 1.5), got "${v}"`);
    return Number(v);
  }
  /** Options given but never read by the command: almost always a typo. */
  unknown(): string[] {
    return [...this.parsed.flags.keys()].filter((k) => !this.used.has(k));
  }
}
