// The weight chart: each day logged, its 7-day moving average (from
// manna-core) and the goal, drawn with uPlot (loaded when the plot is drawn). A
// screen reader gets the same in words: a summary, and the points as a table.

import { use, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type uPlot from 'uplot';
import { NumberInput } from '../../components/form';
import { toast } from '../../components/toast';
import { MAX_WEIGHT_TENTHS } from '../../generated/records';
import { recordDate } from '../../lib/dates';
import { loadTools, type WeightPoint } from '../../wasm/tools';
import { savePreferences, usePreferences } from '../settings';

const lbs = (tenths: number) => `${(tenths / 10).toFixed(1)} lbs`;

/** The spans a person can look over, in days (null: everything logged). */
const SPANS = [
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: 'Year', days: 365 },
  { label: 'All', days: null },
] as const;

/** Noon UTC of a date, in seconds (uPlot's time axis): never a day off in any zone. */
const seconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/** A colour variable as the canvas can take it (the theme's `light-dark()`
 *  resolved by the browser for the colours shown now). */
function color(variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  document.body.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return resolved;
}

/** A number that changes whenever the page's colours do (the device's
 *  setting, or the theme chosen in Settings), so the plot is drawn again. */
function useColoursVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', bump);
    const theme = new MutationObserver(bump);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      scheme.removeEventListener('change', bump);
      theme.disconnect();
    };
  }, []);
  return version;
}

export function WeightChart({ points, today }: { points: WeightPoint[]; today: string }) {
  const preferences = usePreferences();
  const goal = preferences?.weightGoal ?? null;
  const tools = use(loadTools());
  const [span, setSpan] = useState<number | null>(90);
  const shown = useMemo(() => {
    if (span === null) return points;
    const from = tools.spanStart(today, span);
    return points.filter((p) => p.date >= from);
  }, [points, span, today, tools]);

  return (
    <section className="card weight-chart" aria-labelledby="chart-title">
      <h2 id="chart-title" className="card-title">
        Your Progress Chart
      </h2>
      <div className="segmented" role="radiogroup" aria-label="Time span">
        {SPANS.map((s) => (
          <label key={s.label} className={span === s.days ? 'segment segment-on' : 'segment'}>
            <input type="radio" name="chart-span" checked={span === s.days} onChange={() => setSpan(s.days)} />
            {s.label}
          </label>
        ))}
      </div>
      {shown.length < 2 ? (
        <p className="muted">
          {points.length < 2 ? 'Log two days to see your chart.' : 'Fewer than two entries in this span: choose a longer one.'}
        </p>
      ) : (
        <figure className="chart-figure">
          <Plot points={shown} goal={goal} />
          <figcaption>{summary(shown, goal)}</figcaption>
          <details>
            <summary>The chart as a table</summary>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Weight</th>
                  <th scope="col">7-day average</th>
                </tr>
              </thead>
              <tbody>
                {[...shown].reverse().map((p) => (
                  <tr key={p.date}>
                    <th scope="row">{recordDate(p.date)}</th>
                    <td>{lbs(p.weight)}</td>
                    <td>{lbs(p.average)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
      )}
      <GoalForm goal={goal} />
    </section>
  );
}

/** The chart in words: where it starts and ends, the average, and the goal. */
function summary(shown: WeightPoint[], goal: number | null): string {
  const first = shown[0];
  const last = shown[shown.length - 1];
  const change = last.weight - first.weight;
  const moved = change === 0 ? 'no change' : `${change < 0 ? 'down' : 'up'} ${lbs(Math.abs(change))}`;
  const parts = [
    `From ${lbs(first.weight)} on ${recordDate(first.date)} to ${lbs(last.weight)} on ${recordDate(last.date)}, ${moved}.`,
    `7-day average ${lbs(last.average)}.`,
  ];
  if (goal !== null) {
    const left = last.weight - goal;
    parts.push(left > 0 ? `Goal ${lbs(goal)}: ${lbs(left)} to go.` : `Goal ${lbs(goal)}: reached.`);
  }
  return parts.join(' ');
}

function Plot({ points, goal }: { points: WeightPoint[]; goal: number | null }) {
  const box = useRef<HTMLDivElement>(null);
  const colours = useColoursVersion();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      points.map((p) => seconds(p.date)),
      points.map((p) => p.weight / 10),
      points.map((p) => p.average / 10),
      points.map(() => (goal === null ? null : goal / 10)),
    ];
    const ink = color('--muted');
    const grid = color('--line');
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    void import('./uplot').then(({ default: UPlot }) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: el.clientWidth,
          height: 220,
          legend: { show: true, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 48, values: (_u, ticks) => ticks.map((t) => `${t}`) }],
          series: [
            {},
            { label: 'Weight', stroke: color('--accent'), width: 2, points: { show: true, size: 5 } },
            { label: '7-day average', stroke: color('--gold'), width: 2, points: { show: false } },
            { label: 'Goal', stroke: ink, width: 1, dash: [6, 4], points: { show: false }, show: goal !== null },
          ],
        },
        data,
        el,
      );
      const drawn = plot;
      resize = new ResizeObserver(() => drawn.setSize({ width: el.clientWidth, height: 220 }));
      resize.observe(el);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, goal, colours]);
  return <div ref={box} className="chart-plot" aria-hidden="true" />;
}

function GoalForm({ goal }: { goal: number | null }) {
  const preferences = usePreferences();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = typed ?? (goal === null ? '' : (goal / 10).toFixed(1));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!preferences) return;
    const pounds = Number(value);
    const tenths = Math.round(pounds * 10);
    if (value.trim() !== '' && (!Number.isFinite(pounds) || tenths < 1 || tenths > MAX_WEIGHT_TENTHS)) {
      setProblem(`Enter a goal from 0.1 to ${MAX_WEIGHT_TENTHS / 10} pounds, or leave it empty for none.`);
      return;
    }
    setProblem(null);
    const weightGoal = value.trim() === '' ? null : tenths;
    await savePreferences(preferences, { weightGoal });
    setTyped(null);
    toast({ title: weightGoal ? 'Goal saved' : 'Goal removed', description: weightGoal ? `Your goal is ${lbs(weightGoal)}.` : 'The chart shows no goal.' });
  }

  return (
    <form className="form goal-form" onSubmit={save} noValidate>
      <NumberInput
        label="Goal (lbs)"
        name="weightGoal"
        value={value}
        step="0.1"
        min={0.1}
        max={MAX_WEIGHT_TENTHS / 10}
        error={problem ?? undefined}
        onChange={(v) => setTyped(v)}
      />
      <button type="submit" className="btn btn-outline" disabled={!preferences}>
        Save goal
      </button>
    </form>
  );
}
