import type { Request } from 'express';
import { isValidIsoDate } from '../../../domain/events/common';

import { BadRequest } from './problems';

export { BadRequest, NotFound } from './problems';

/** Typed access to a request's query parameters; every getter names the parameter in its error. */
export const queryOf = (req: Request) => {
  const string = (name: string): string | undefined => {
    const v = req.query[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new BadRequest(`${name} must be given once`, name);
    return v;
  };
  return {
    string,
    /** A parameter that may be given several times (`?rules=a&rules=b`). */
    all(name: string): string[] {
      const v = req.query[name];
      if (v === undefined) return [];
      if (typeof v === 'string') return [v];
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
      throw new BadRequest(`${name} must be text`, name);
    },
    date(name: string): string | undefined {
      const v = string(name);
      if (v !== undefined && !isValidIsoDate(v)) throw new BadRequest(`${name} must be a date YYYY-MM-DD that exists, got "${v}"`, name);
      return v;
    },
    int(name: string, min: number): number | undefined {
      const v = string(name);
      if (v === undefined) return undefined;
      if (!/^-?\d+$/.test(v) || Number(v) < min) throw new BadRequest(`${name} must be an integer of at least ${min}, got "${v}"`, name);
      return Number(v);
    },
    oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
      const v = string(name);
      if (v !== undefined && !(allowed as readonly string[]).includes(v)) throw new BadRequest(`${name} must be one of ${allowed.join(', ')}, got "${v}"`, name);
      return v as T | undefined;
    },
  };
};
