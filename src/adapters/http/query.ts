import type { Request } from 'express';
import { isValidIsoDate } from '../../../domain/events/common';

/** A request the API cannot answer as asked (HTTP 400); the message names the parameter and what was expected. */
export class BadRequest extends Error {
  readonly status = 400;
}

/** Something the request names that the ledger does not have (HTTP 404). */
export class NotFound extends Error {
  readonly status = 404;
}

/** Typed access to a request's query parameters; every getter names the parameter in its error. */
export const queryOf = (req: Request) => {
  const string = (name: string): string | undefined => {
    const v = req.query[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new BadRequest(`${name} must be given once`);
    return v;
  };
  return {
    string,
    /** A parameter that may be given several times (`?rules=a&rules=b`). */
    all(name: string): string[] {
      const v = req.query[name];
      if (v === undefined) return [];
      if (typeof v === 'string') return [v];
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
      throw new BadRequest(`${name} must be text`);
    },
    date(name: string): string | undefined {
      const v = string(name);
      if (v !== undefined && !isValidIsoDate(v)) throw new BadRequest(`${name} must be a date YYYY-MM-DD that exists, got "${v}"`);
      return v;
    },
    int(name: string, min: number): number | undefined {
      const v = string(name);
      if (v === undefined) return undefined;
      if (!/^-?\d+$/.test(v) || Number(v) < min) throw new BadRequest(`${name} must be an integer of at least ${min}, got "${v}"`);
      return Number(v);
    },
    oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
      const v = string(name);
      if (v !== undefined && !(allowed as readonly string[]).includes(v)) throw new BadRequest(`${name} must be one of ${allowed.join(', ')}, got "${v}"`);
      return v as T | undefined;
    },
  };
};
