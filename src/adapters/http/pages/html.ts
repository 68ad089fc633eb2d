/**
 * HTML built from tagged templates: every interpolated value is escaped unless it is itself `Html` made by the
 * template (or an array of them), so a player called `<script>` is text on every page, never markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for element content and quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const render = (value: HtmlValue): string => {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  // false and absent render nothing, so that `${cond && html`…`}` reads naturally
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};

export const html = (strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html => {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
};

/** A query string from parameters (absent ones left out), for links that keep the page's other choices. */
export const queryString = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
};

/** A path segment of a link (ids may hold any character). */
export const segment = (id: string): string => encodeURIComponent(id);

/** `n` with the word for one or many: "1 rated tournament", "2 rated tournaments". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
