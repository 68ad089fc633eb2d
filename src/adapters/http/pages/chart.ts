import { html, type Html } from './html';
import { signed } from './layout';
import { balancesAndTournamentsByDate } from '../../../app/career-rule-sets';

/** One rated tournament on the chart. */
export interface ChartPoint {
  readonly date: string;
  readonly rating: number;
  readonly before: number;
  readonly label: string;
  /** The grades reached in this tournament (marked on the point). */
  readonly promotions: readonly string[];
  /** A rating the player started from rather than one a tournament gave (an opening balance, the rating before his first tournament): `label` says which. */
  readonly opening?: true;
}

const WIDTH = 760;
const HEIGHT = 300;
const PAD = { left: 56, right: 16, top: 16, bottom: 40 };

const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Round tick values at a step of 1, 2 or 5 times a power of ten, about `count` of them. */
const ticks = (lo: number, hi: number, count: number): number[] => {
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
};

/**
 * A player's rating history drawn on the server as SVG: a line through the rating after each tournament, one point
 * per tournament whose <title> names it with the change (a browser shows it on hover, a screen reader reads it), and
 * promotions drawn as larger diamonds. Works without any script and prints.
 */
export const ratingChart = (points: readonly ChartPoint[], caption: string, id = 'rating-chart'): Html => {
  if (points.length === 0) return html`<p>No rated tournament yet, so there is no rating history to draw.</p>`;
  const days = points.map((p) => dayOf(p.date));
  const ratings = points.flatMap((p) => [p.rating, p.before]).filter((r) => r > 0);
  let [x0, x1] = [Math.min(...days), Math.max(...days)];
  if (x1 - x0 < 30) [x0, x1] = [x0 - 15, x1 + 15];
  let [y0, y1] = [Math.min(...ratings), Math.max(...ratings)];
  const margin = Math.max(20, (y1 - y0) * 0.08);
  [y0, y1] = [y0 - margin, y1 + margin];
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (d: number) => PAD.left + ((d - x0) / (x1 - x0)) * plotW;
  const y = (r: number) => PAD.top + (1 - (r - y0) / (y1 - y0)) * plotH;
  const fx = (n: number) => n.toFixed(1);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${fx(x(days[i]!))},${fx(y(p.rating))}`).join(' ');
  const yTicks = ticks(y0, y1, 6);
  const firstYear = new Date(x0 * 86_400_000).getUTCFullYear();
  const lastYear = new Date(x1 * 86_400_000).getUTCFullYear();
  const yearStep = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 10));
  const years: number[] = [];
  for (let yr = firstYear; yr <= lastYear + 1; yr += yearStep) {
    const d = dayOf(`${String(yr).padStart(4, '0')}-01-01`);
    if (d >= x0 && d <= x1) years.push(yr);
  }
  // one page may draw several (one per rule set): each its own title's id
  const titleId = `${id}-title`;
  return html`<figure class="no-break">
<svg class="chart" role="img" aria-labelledby="${titleId}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg">
<title id="${titleId}">${caption}</title>
${yTicks.map((t) => html`<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${fx(y(t))}" y2="${fx(y(t))}"/><text x="${PAD.left - 6}" y="${fx(y(t) + 4)}" text-anchor="end">${t}</text>`)}
${years.map((yr) => html`<line class="grid" x1="${fx(x(dayOf(`${String(yr).padStart(4, '0')}-01-01`)))}" x2="${fx(x(dayOf(`${String(yr).padStart(4, '0')}-01-01`)))}" y1="${PAD.top}" y2="${HEIGHT - PAD.bottom}"/><text x="${fx(x(dayOf(`${String(yr).padStart(4, '0')}-01-01`)))}" y="${HEIGHT - PAD.bottom + 16}" text-anchor="middle">${yr}</text>`)}
<line class="axis" x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${HEIGHT - PAD.bottom}"/>
<line class="axis" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${HEIGHT - PAD.bottom}" y2="${HEIGHT - PAD.bottom}"/>
<text x="${PAD.left + plotW / 2}" y="${HEIGHT - 6}" text-anchor="middle">date of the tournament</text>
<path class="line" d="${path}"/>
${points.map((p, i) => {
  const cx = x(days[i]!);
  const cy = y(p.rating);
  const title = `${p.label} (${p.date}): ${p.opening === true ? String(p.rating) : p.before === 0 ? `first rating ${p.rating}` : `${p.before} → ${p.rating} (${signed(p.rating - p.before)})`}${p.promotions.length > 0 ? `; promoted to ${p.promotions[p.promotions.length - 1]}${p.promotions.length > 1 ? ` (${p.promotions.length} grades up)` : ''}` : ''}`;
  return p.promotions.length > 0
    ? html`<path class="point promotion" data-promotion="${p.promotions[p.promotions.length - 1]}" d="M${fx(cx)},${fx(cy - 8)} L${fx(cx + 8)},${fx(cy)} L${fx(cx)},${fx(cy + 8)} L${fx(cx - 8)},${fx(cy)} Z"><title>${title}</title></path>`
    : html`<circle class="point${p.opening === true ? ' opening' : ''}" cx="${fx(cx)}" cy="${fx(cy)}" r="4"><title>${title}</title></circle>`;
})}
</svg>
<figcaption class="muted">Rating after each tournament (points; hover or focus shows the tournament and the change), from the rating he started from (an opening balance, or his rating before his first tournament); diamonds mark promotions. The table below holds the same numbers.</figcaption>
</figure>`;
};

/**
 * The points of a career under one rule set in valid-date order (a balance before the tournaments of its date): each
 * opening balance with a rating and each rated tournament; when nothing opens the line, the rating before the first
 * tournament (a rating it did not give him) opens it on that tournament's date.
 */
export const careerPoints = (
  balances: readonly { readonly date: string; readonly rating: number | null }[],
  tournaments: readonly { readonly tournamentId: string; readonly endDate: string; readonly name: string; readonly before: number | null; readonly after: number }[],
  promotionsIn: (tournamentId: string) => readonly string[],
): ChartPoint[] => {
  const rated = balances.flatMap((b) => (b.rating === null ? [] : [{ date: b.date, rating: b.rating }]));
  const points: ChartPoint[] = balancesAndTournamentsByDate(rated, tournaments).map((item) =>
    'balance' in item
      ? { date: item.balance.date, rating: item.balance.rating, before: 0, label: 'opening balance', promotions: [], opening: true as const }
      : { date: item.tournament.endDate, rating: item.tournament.after, before: item.tournament.before ?? 0, label: item.tournament.name, promotions: promotionsIn(item.tournament.tournamentId) },
  );
  const first = points[0];
  if (first !== undefined && first.opening !== true && first.before > 0) points.unshift({ date: first.date, rating: first.before, before: 0, label: `rating before ${first.label}`, promotions: [], opening: true });
  return points;
};
