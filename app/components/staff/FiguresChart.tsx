import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";

export interface ChartSeries {
  label: string;
  colour: string;
  values: number[];
}

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 48 };

/**
 * Daily figures as an SVG chart drawn on the server (visx, ADR 026): the first series as bars,
 * the others as lines over them, with a legend. The table beside it holds the same numbers.
 */
export function FiguresChart({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: days, range: [0, innerWidth], padding: 0.2 });
  const max = Math.max(1, ...series.flatMap((item) => item.values));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const [bars, ...lines] = series;
  const centre = (day: string) => (x(day) ?? 0) + x.bandwidth() / 2;
  return (
    <figure className="rounded-lg bg-white p-3 shadow-sm">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="h-auto w-full">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {bars
            ? days.map((day, index) => {
                const value = bars.values[index] ?? 0;
                return <Bar key={day} x={x(day)} y={y(value)} width={x.bandwidth()} height={innerHeight - y(value)} fill={bars.colour} />;
              })
            : null}
          {lines.map((line) => (
            <LinePath key={line.label} data={days.map((day, index) => ({ day, value: line.values[index] ?? 0 }))} x={(point) => centre(point.day)} y={(point) => y(point.value)} stroke={line.colour} strokeWidth={2} />
          ))}
          <AxisLeft scale={y} numTicks={4} tickLabelProps={{ fontSize: 11, fill: "#374151" }} stroke="#9ca3af" tickStroke="#9ca3af" />
          <AxisBottom top={innerHeight} scale={x} tickFormat={(day) => day.slice(5)} numTicks={Math.min(days.length, 10)} tickLabelProps={{ fontSize: 11, fill: "#374151" }} stroke="#9ca3af" tickStroke="#9ca3af" />
        </Group>
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-sm">
        <span className="font-semibold">{title}</span>
        {series.map((item) => (
          <span key={item.label} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: item.colour }} />
            {item.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
