import { createHash } from 'crypto';
import type { Request, RequestHandler, Response } from 'express';
import { promisify } from 'util';
import { gzip } from 'zlib';
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
  /** The head the answer was made at. */
  readonly position: number;
  /** A rating list's answer (`LIST_ANSWER`): still the answer after facts that change no list. */
  readonly list: boolean;
  readonly headers: Readonly<Record<string, string | number | readonly string[]>>;
  readonly body: string | Buffer;
  /** The body's, and its gzipped copy's once made. */
  bytes: number;
  /** The body gzipped, made the first time a reader that accepts gzip asks for it. */
  gzipped?: Promise<Buffer>;
}

/**
 * Answers smaller than this go as they are: a dated list at a million games is 6 MB of JSON (0.5 MB gzipped) and
 * fifty readers of it fill the line, while a player's page gains little from a compression it pays for per answer.
 */
const GZIP_FROM_BYTES = 16 * 1024;
const gzipAsync = promisify(gzip);

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
  /**
   * The position of the last fact up to a head that can change a rating list (list-changes.ts): a list's answer made
   * at or after it is kept across the facts that change none. Absent: every append drops every answer.
   */
  readonly lastListChange?: (head: number) => Promise<number>;
  /** Bytes of answers kept at most; an answer over an eighth of it is never kept. */
  readonly budgetBytes?: number;
}

/** What a route sets in `res.locals` when its answer is a rating list (of any rule set, date or format). */
export const LIST_ANSWER = 'ratingListAnswer';

/**
 * Read answers kept per route, query, reader and log position, so that fifty readers of the same page cost one fold
 * and forty-nine copies. Everything a read answers is a function of the log up to the head, the date (today's list)
 * and who asks (personal data, pages for people); so a kept answer is given only while the head is where it was when
 * the answer was made, and the first request after an append (from this server or another process) drops them —
 * all but the rating lists' answers when no fact since can change a list (a registration, a game of an open
 * tournament: `lastListChange`), which are given again saying the new head. A commit of another process that moves
 * no head (a saved model edited by hand) drops them all.
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

  /**
   * The server's own worker committed (it saved the models it caught up): the store's change stamp moved for no
   * change of what is kept, so it is taken as the stamp of the answers kept rather than dropping them.
   */
  ownCommit(): void {
    if (this.options.stamp !== undefined) this.keptStamp = this.options.stamp();
  }

  /** The middleware, to be placed after access control (a kept answer is only ever given to whom the route allows). */
  readonly handler: RequestHandler = (req, res, next) => {
    // a page route that leaves the request to the API's route at the same URL passes it through here twice
    if (req.method !== 'GET' || req.get('range') !== undefined || res.locals.answerCache === true) {
      next();
      return;
    }
    res.locals.answerCache = true;
    // a kept answer may go gzipped: every answer through here says that it varies with what the reader accepts
    res.vary('Accept-Encoding');
    this.answer(req, res, next).catch(next);
  };

  private async answer(req: Request, res: Response, next: (error?: unknown) => void): Promise<void> {
    const floor = this.options.floorOf(req, res);
    const key = [today(), wantsHtml(req) ? 'page' : 'data', signedIn(res)?.officer ?? '', req.originalUrl].join('\n');
    const head = await this.options.head();
    await this.refresh(head, this.options.stamp?.());
    if (floor > head) {
      next();
      return;
    }
    const kept = this.kept.get(key);
    if (kept !== undefined && this.keptAt >= head) {
      // the newest used last: eviction takes the oldest first
      this.kept.delete(key);
      this.kept.set(key, kept);
      await this.replay(req, res, key, kept);
      return;
    }
    this.make(key, head, res);
    next();
  }

  /**
   * The answers kept for `head`: those of an older head dropped, but for the lists' answers made since the last fact
   * that can change a list; all of them when another process committed without moving the head (`stamp`).
   */
  private async refresh(head: number, stamp: number | undefined): Promise<void> {
    // a request that read an older head than another one refreshed for: the answers kept are newer, and stay
    if (head < this.keptAt || (head === this.keptAt && stamp === this.keptStamp)) return;
    const lastChange = stamp === this.keptStamp && head > this.keptAt && this.keptAt >= 0 ? await this.lastListChange(head) : undefined;
    // another request refreshed for this head or a later one meanwhile
    if (lastChange !== undefined && this.keptAt >= head) return;
    for (const [key, kept] of this.kept) {
      if (lastChange !== undefined && kept.list && kept.position >= lastChange) continue;
      this.kept.delete(key);
      this.bytes -= kept.bytes;
    }
    this.keptAt = head;
    this.keptStamp = stamp;
  }

  /** The last list-changing position up to `head`; the head itself when that cannot be known (every list drops). */
  private async lastListChange(head: number): Promise<number> {
    if (this.options.lastListChange === undefined) return head;
    return this.options.lastListChange(head).catch(() => head);
  }

  private async replay(req: Request, res: Response, key: string, kept: KeptAnswer): Promise<void> {
    const gzipped = kept.bytes >= GZIP_FROM_BYTES && req.acceptsEncodings('gzip', 'identity') === 'gzip' ? await this.gzippedOf(key, kept) : undefined;
    for (const [name, value] of Object.entries(kept.headers)) res.setHeader(name, value);
    // a list's answer kept across facts that change no list is the list of the head now
    if (kept.list && res.getHeader(POSITION) !== undefined) res.setHeader(POSITION, String(this.keptAt));
    if (gzipped !== undefined) {
      // the same content in another encoding: its bytes differ, so its ETag is the weak form of the same one (RFC 9110
      // 8.8.1; a list's still names its hash, and If-None-Match compares weakly); X-Content-SHA256 stays the hash of
      // the bytes the reader gets once he has unzipped them
      const etag = res.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
      res.setHeader('Content-Encoding', 'gzip');
      // express's send answers 304 itself when the request's If-None-Match holds the ETag
      res.status(200).send(gzipped);
      return;
    }
    res.status(200).send(kept.body);
  }

  /** The kept answer gzipped, made once (its bytes then counted in the budget as long as the answer is kept). */
  private gzippedOf(key: string, kept: KeptAnswer): Promise<Buffer> {
    if (kept.gzipped === undefined) {
      kept.gzipped = gzipAsync(kept.body).then((zipped) => {
        kept.bytes += zipped.length;
        if (this.kept.get(key) === kept) this.bytes += zipped.length;
        return zipped;
      });
    }
    return kept.gzipped;
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
        if (position === undefined || Number(position) >= head) this.keep(key, { position: head, list: res.locals[LIST_ANSWER] === true, headers: this.routeHeaders(res), body, bytes: Buffer.byteLength(body) });
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
