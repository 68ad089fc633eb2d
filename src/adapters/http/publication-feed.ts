import type { PublishedEntry } from '../../../projections/audit-trail';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

/** Atom wants RFC 3339 times; a publication recorded without a time (an old import) is dated by its list's date. */
const updatedOf = (p: PublishedEntry): string => p.recordedAt ?? `${p.event.asOf}T00:00:00Z`;

/**
 * The published lists as an Atom 1.0 feed (RFC 4287), newest first: a club website subscribes to it and learns of each
 * publication, with links to the list's page, its bulletin and its exact bytes. `base` is the server's address as
 * the client reached it: Atom's ids and links are absolute URIs, stable for a list for ever.
 */
export const publicationFeed = (entries: readonly PublishedEntry[], base: string): string => {
  const newestFirst = [...entries].reverse();
  const updated = newestFirst.map(updatedOf).sort().pop() ?? '1970-01-01T00:00:00Z';
  const entryOf = (p: PublishedEntry): string => {
    const e = p.event;
    const url = `${base}/lists/published/${encodeURIComponent(e.listId)}`;
    return `<entry>
<id>${xml(url)}</id>
<title>${xml(`Rating list ${e.listId} as of ${e.asOf} (${e.ruleSet})`)}</title>
<updated>${xml(updatedOf(p))}</updated>
<link rel="alternate" type="text/html" href="${xml(url)}"/>
<link rel="related" type="text/html" title="bulletin" href="${xml(`${url}/bulletin`)}"/>
<link rel="enclosure" title="the list exactly as published" href="${xml(`${url}?download=1`)}"/>
<summary>${xml(`The ${e.ruleSet} rating list as of ${e.asOf}, published${e.reason ? `: ${e.reason}` : ''}. Its bulletin names the new players, grade changes, biggest gains and losses and the corrections since the list before it.`)}</summary>
</entry>
`;
  };
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xml(`${base}/lists/published`)}</id>
<title>Published rating lists</title>
<updated>${xml(updated)}</updated>
<author><name>Rating ledger</name></author>
<link rel="self" type="application/atom+xml" href="${xml(`${base}/lists/published.atom`)}"/>
<link rel="alternate" type="text/html" href="${xml(`${base}/lists/published`)}"/>
${newestFirst.map(entryOf).join('')}</feed>
`;
};
