import { createHash } from 'crypto';
import type { Request, RequestHandler, Response } from 'express';
import { today } from '../clock';
import { signedIn, wantsHtml } from './access';

/** The log position an answer says it reflects (server.ts sets it on lists). */
const POSITION = 'x-ledger-position';

/**
 * Headers a middleware before the route sets per request (rate limits count this request, not the one that was
 * kept): never replayed from a kept answer.
 */
const PER_REQUEST = /^(x-)?ratelimit|^retry-after$/i;

interface KeptAnswer {
  readonly position: number;
  readonly headers: Readonly<Record<string, string | number | readonly string[]>>;
  readonly body: string | Buffer;
  readonly bytes: number;
}

export interface AnswerCacheOptions {
  /** The head of the log now (every process's appends move it, so a write from the CLI also invalidates). */
  readonly head: () => Promise<number>;
  /**
   * What changes when another process commits to the store (answer-cache's kept answers are dropped then too): a hand
   * edit of a saved read model moves no head, and the next read must see it (and refuse the model) at once.
   */
  readonly stamp?: () => number;
  /** The least position a request may be answered at (read-your-writes, X-Ledger-Min-Position). */
  readonly floorOf: (req: Request, res: Response) => number;
  /** Bytes of answers kept at most; an answer over an eighth of it is never kept. */
  readonly budgetBytes?: number;
}

/**
 * Read answers kept per route, query, reader and log position, so that fifty readers of the same page cost one fold
 * and forty-nine copies. Everything a read answers is a function of the log up to the head, the date (today's list)
 * and who asks (personal data, pages for people); so a kept answer is given only while the head is where it was when
 * the answer was made, and the first request after an append (from this server or another process) drops them all.
 * Every kept answer carries a strong ETag (a list's own content hash, else the SHA-256 of its bytes), so a reader
 * holding it gets 304 Not Modified. Readers asking while an answer is being made are not held back: each goes to the route (which may give the last list at once, see fold-jobs.ts); only an answer made at the head is kept.
 */
export class AnswerCache {
  private readonly kept = new Map<string, KeptAnswer>();
  private keptAt = -1;
  private keptStamp: number | undefined;
  private bytes = 0;
  private readonly budget: number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.budget = options.budgetBytes ?? 64 * 1024 * 1024;
  }

  /** The middleware, to be placed after access control (a kept answer is only ever given to whom the route allows). */
  readonly handler: RequestHandler = (req, res, next) => {
    // a page route that leaves the request to the API's route at the same URL passes it through here twice
    if (req.method !== 'GET' || req.get('range') !== undefined || res.locals.answerCache === true) {
      next();
      return;
    }
    res.locals.answerCache = true;
    this.answer(req, res, next).catch(next);
  };

  private async answer(req: Request, res: Response, next: (error?: unknown) => void): Promise<void> {
    const floor = this.options.floorOf(req, res);
    const key = [today(), wantsHtml(req) ? 'page' : 'data', signedIn(res)?.officer ?? '', req.originalUrl].join('\n');
    const head = await this.options.head();
    this.dropAllBefore(head, this.options.stamp?.());
    if (floor > head) {
      next();
      return;
    }
    const kept = this.kept.get(key);
    if (kept !== undefined && kept.position === head) {
      // the newest used last: eviction takes the oldest first
      this.kept.delete(key);
      this.kept.set(key, kept);
      this.replay(res, kept);
      return;
    }
    this.make(key, head, res);
    next();
  }

  /** All answers kept reflect one head (and one state of the store): a newer one makes every one of them stale at once. */
  private dropAllBefore(head: number, stamp: number | undefined): void {
    if (head === this.keptAt && stamp === this.keptStamp) return;
    this.kept.clear();
    this.bytes = 0;
    this.keptAt = head;
    this.keptStamp = stamp;
  }

  private replay(res: Response, kept: KeptAnswer): void {
    for (const [name, value] of Object.entries(kept.headers)) res.setHeader(name, value as string | number | readonly string[]);
    // express's send answers 304 itself when the request's If-None-Match holds the ETag
    res.status(200).send(kept.body);
  }

  /** Keeps the answer the route is about to send (a 200 at the head it was asked at), with an ETag if it has none. */
  private make(key: string, head: number, res: Response): void {
    const send = res.send.bind(res);
    let seen = false;
    res.send = (body?: unknown): Response => {
      // res.json and res.send(object) come back here with the string: only that one is kept
      if (seen || !(typeof body === 'string' || Buffer.isBuffer(body))) return send(body);
      seen = true;
      if (res.statusCode === 200) {
        if (res.getHeader('etag') === undefined) res.setHeader('ETag', `"${createHash('sha256').update(body).digest('hex')}"`);
        const position = res.getHeader(POSITION);
        if (position === undefined || Number(position) >= head) this.keep(key, { position: head, headers: this.routeHeaders(res), body, bytes: Buffer.byteLength(body) });
      }
      return send(body);
    };
  }

  private routeHeaders(res: Response): KeptAnswer['headers'] {
    const headers: Record<string, string | number | readonly string[]> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined && !PER_REQUEST.test(name)) headers[name] = value;
    return headers;
  }

  private keep(key: string, answer: KeptAnswer): void {
    // an answer made while the head moved on is stale already
    if (answer.position !== this.keptAt || answer.bytes > this.budget / 8) return;
    const before = this.kept.get(key);
    if (before !== undefined) this.bytes -= before.bytes;
    this.kept.delete(key);
    this.kept.set(key, answer);
    this.bytes += answer.bytes;
    for (const [oldest, evicted] of this.kept) {
      if (this.bytes <= this.budget) break;
      this.kept.delete(oldest);
      this.bytes -= evicted.bytes;
    }
  }
}
