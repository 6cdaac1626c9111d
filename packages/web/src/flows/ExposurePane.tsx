import "./flows.css";
import { Button } from "@primer/react";
import {
  type ChartWindow,
  categorySeries,
  type DailyFlow,
  flowMessages,
  formatChartDate,
  formatFlowUsd,
  initialChartWindow,
  minimumChartZoomDays,
  panChartWindow,
  pointsInWindow,
  riskColorOf,
  riskLabels,
  riskSeries,
  type StackedSeries,
  zoomChartWindow,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useCommands } from "../commands/useCommands.ts";
import { DataPanel } from "../explorer/DataPanel.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { flowQueries } from "./flowQueries.ts";

const group = "Exposure";

// Primer's data-visualisation colours, one per band; the risk bands use the SDK's risk colours.
const bandColors = ["blue", "green", "orange", "purple", "pink", "teal", "gray"].map(
  (name) => `var(--data-${name}-color-emphasis, var(--fgColor-accent))`,
);

function riskBandColor(label: string): string {
  if (!(riskLabels as readonly string[]).includes(label))
    return "var(--data-gray-color-emphasis, var(--fgColor-muted))";
  const [name, shade] = riskColorOf(label as (typeof riskLabels)[number]).split(".") as [string, string];
  return shade === "emphasis" ? `var(--bgColor-${name}-emphasis)` : `var(--fgColor-${name})`;
}

const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
});
const axisUsd = (value: number) => compactUsd.format(value);
const tooltipUsd = (value: unknown) => formatFlowUsd(typeof value === "number" ? value : null);

function StackedChart({
  title,
  series,
  colorOf,
  emptyText,
}: {
  title: string;
  series: StackedSeries;
  colorOf: (key: string, index: number) => string;
  /** Said instead of an empty plot when there is no series at all. */
  emptyText: string;
}) {
  if (series.keys.length === 0)
    return (
      <figure className="sleuth-chart" aria-label={title}>
        <figcaption>{title}</figcaption>
        <p className="sleuth-pane-empty">{emptyText}</p>
      </figure>
    );
  return (
    <figure className="sleuth-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart data={series.points} margin={{ left: 8, right: 16, top: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.45} />
          <XAxis dataKey="date" tickFormatter={formatChartDate} minTickGap={24} />
          <YAxis tickFormatter={axisUsd} width={64} />
          <Tooltip formatter={tooltipUsd} labelFormatter={(label) => formatChartDate(String(label))} />
          <Legend />
          {series.keys.map((key, index) => (
            <Area
              key={key}
              type="stepAfter"
              dataKey={key}
              stackId="exposure"
              stroke={colorOf(key, index)}
              fill={colorOf(key, index)}
              fillOpacity={0.6}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}

function FlowsChart({ days }: { days: DailyFlow[] }) {
  const points = days.map((day) => ({
    date: day.date,
    Received: day.incomingVolumeUsd,
    Sent: day.outgoingVolumeUsd === null ? null : -day.outgoingVolumeUsd,
  }));
  return (
    <figure className="sleuth-chart" aria-label="Daily flows">
      <figcaption>Daily incoming and outgoing flows (USD)</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={points} stackOffset="sign" margin={{ left: 8, right: 16, top: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.45} />
          <XAxis dataKey="date" tickFormatter={formatChartDate} minTickGap={24} />
          <YAxis tickFormatter={axisUsd} width={64} />
          <Tooltip
            formatter={(value) => tooltipUsd(typeof value === "number" ? Math.abs(value) : null)}
            labelFormatter={(label) => formatChartDate(String(label))}
          />
          <Legend />
          <Bar
            dataKey="Received"
            stackId="flows"
            fill="var(--data-green-color-emphasis, var(--fgColor-success))"
            isAnimationActive={false}
          />
          <Bar
            dataKey="Sent"
            stackId="flows"
            fill="var(--data-orange-color-emphasis, var(--fgColor-attention))"
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/**
 * Plots of the subject's money over time (000 §7 daily calls): daily incoming/outgoing flows, and
 * exposure by counterparty category and by counterparty risk. Dates read YYYY-MM-DD (002 §9); the
 * zoom never goes under 7 days nor before 2009-01-03 (001 §9).
 */
export function ExposurePane({ subject }: { subject: Subject }) {
  const query = useQuery(flowQueries.exposure(subject.kind, subject.urn));
  const bounds = useMemo(() => {
    const dates = query.data?.summary.daily?.map((day) => day.date) ?? [];
    return initialChartWindow(dates, new Date());
  }, [query.data]);
  const [shown, setShown] = useState<ChartWindow | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subject or new data opens on all of it.
  useEffect(() => setShown(bounds), [bounds, subject.urn]);
  const change = (next: (current: ChartWindow, all: ChartWindow) => ChartWindow) => {
    if (shown && bounds) setShown(next(shown, bounds));
  };
  useCommands([
    {
      id: "flows.exposure.zoomIn",
      title: "Zoom the exposure charts in",
      group,
      keys: "+",
      run: () => change((w, b) => zoomChartWindow(w, 0.5, b, new Date())),
    },
    {
      id: "flows.exposure.zoomOut",
      title: "Zoom the exposure charts out",
      group,
      keys: "-",
      run: () => change((w, b) => zoomChartWindow(w, 2, b, new Date())),
    },
    {
      id: "flows.exposure.earlier",
      title: "Show earlier days",
      group,
      keys: "h",
      run: () => change((w, b) => panChartWindow(w, -1, b, new Date())),
    },
    {
      id: "flows.exposure.later",
      title: "Show later days",
      group,
      keys: "l",
      run: () => change((w, b) => panChartWindow(w, 1, b, new Date())),
    },
    {
      id: "flows.exposure.all",
      title: "Show every day",
      group,
      keys: "0",
      run: () => {
        if (bounds) setShown(bounds);
      },
    },
  ]);
  return (
    <DataPanel title="Exposure" query={query}>
      {(data) => {
        const days = data.summary.daily ?? [];
        if (days.length === 0 || !shown) return <p className="sleuth-pane-empty">{flowMessages.noFlows}</p>;
        const categories = categorySeries(data.categories);
        const risk = riskSeries(data.risk);
        return (
          <>
            <div className="sleuth-pane-toolbar" data-testid="exposure-window">
              <span>
                {shown.from} – {shown.to}
              </span>
              <Button size="small" onClick={() => change((w, b) => zoomChartWindow(w, 0.5, b, new Date()))}>
                Zoom in
              </Button>
              <Button size="small" onClick={() => change((w, b) => zoomChartWindow(w, 2, b, new Date()))}>
                Zoom out
              </Button>
              <span className="sleuth-muted">At least {minimumChartZoomDays} days are shown.</span>
            </div>
            {data.summary.isUsdPartial ? <p className="sleuth-muted">{flowMessages.usdPartial}</p> : null}
            <FlowsChart days={pointsInWindow(days, shown)} />
            <StackedChart
              title="Exposure by counterparty category (USD)"
              series={{ keys: categories.keys, points: pointsInWindow(categories.points, shown) }}
              colorOf={(_, index) => bandColors[index % bandColors.length]!}
              emptyText={flowMessages.noCategoryExposure}
            />
            <StackedChart
              title="Exposure by counterparty risk (USD)"
              series={{ keys: risk.keys, points: pointsInWindow(risk.points, shown) }}
              colorOf={(key) => riskBandColor(key)}
              emptyText={flowMessages.noRiskExposure}
            />
          </>
        );
      }}
    </DataPanel>
  );
}
