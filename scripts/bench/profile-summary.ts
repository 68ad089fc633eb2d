/**
 * Where a fold spends its time, as a bench prints it: V8's sampling profiler (node:inspector, in this process) around
 * one measured call, its self time summed by the part of the ledger each sampled function belongs to (by its file),
 * then the heaviest functions. Issue 30 asked the history bench for this beside the rebuild's ratio, so that a
 * figure that moves says which part moved it.
 */
import { Session } from 'inspector';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The parts a fold's time is told in, first match wins: [name, the file paths (or V8 pseudo-frames) that are it]. */
const PARTS: readonly (readonly [string, RegExp])[] = [
  ['garbage collection', /^\(garbage collector\)$/],
  ['store (SQLite read/write, JSON.parse)', /\/src\/adapters\/store\/|better-sqlite3/],
  ['decode (io-ts codecs)', /\/domain\/events\/|\/io-ts\/|\/fp-ts\/|\/src\/app\/event-log\.js/],
  ['FESA engine (rating)', /\/domain\/rules\//],
  ['officer facts (opening balances, adjustments)', /\/projections\/fesa\/officer-items\.js/],
  ['read models (list and careers journals, rows)', /\/projections\/fesa\/(list|career)-model\.js|\/src\/app\/(list|career)-model\.js|\/src\/app\/checkpoint\.js/],
  ['fold (timeline, list state, names, runs)', /\/projections\//],
  ['other', /./],
];

export const partOf = (url: string, functionName: string): string => {
  const where = url === '' ? `(${functionName.replace(/^\(|\)$/g, '')})` : url;
  return PARTS.find(([, match]) => match.test(where))?.[0] ?? 'other';
};

const post = <A>(session: Session, method: string): Promise<A> =>
  new Promise((resolve, reject) => session.post(method, (err, result) => (err ? reject(err) : resolve(result as A))));

/** Runs `measured` under the profiler; returns its result and the summary lines (ms of self time per part, top functions). */
export const profiled = async <A>(measured: () => Promise<A>, top = 5): Promise<{ result: A; summary: string[] }> => {
  const session = new Session();
  session.connect();
  try {
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.start');
    const result = await measured();
    const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
    return { result, summary: summarise(profile, top) };
  } finally {
    session.disconnect();
  }
};

export const summarise = (profile: Profile, top: number): string[] => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // every part is named, at 0 ms too: a small run may sample no engine call, and the line must still say so
  const parts = new Map<string, number>(PARTS.map(([part]) => [part, 0]));
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === '(idle)') return;
    total += us;
    const part = partOf(frame.url, frame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  });
  const share = (us: number): string => `${(us / 1000).toFixed(0)} ms (${((100 * us) / Math.max(1, total)).toFixed(0)}%)`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return [
    `profile of the rebuild (self time, ${(total / 1000).toFixed(0)} ms sampled): ${sorted(parts).map(([part, us]) => `${part} ${share(us)}`).join('; ')}`,
    `heaviest functions: ${sorted(functions).slice(0, top).map(([name, us]) => `${name} ${share(us)}`).join('; ')}`,
  ];
};
