import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { MetricValue } from "#shared/numbers";

const HEIGHT = 180;

/** A theme colour as the page paints it now (the dark theme remaps the palette's variables). */
function themeColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#64748b";
}

/**
 * One metric over time, with its target as a dashed line. Drawn by uPlot on a canvas, so it is hidden from screen
 * readers; the card beside it gives the same figures as a table. It follows its box's width and the theme.
 */
export function MetricChart(props: {
  values: readonly MetricValue[];
  target: number | null;
  format: (value: number) => string;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { values, target, format, label } = props;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = values.map((value) => Date.parse(`${value.period}T00:00:00Z`) / 1000);
    const y = values.map((value) => value.value);
    const data: uPlot.AlignedData = target === null ? [x, y] : [x, y, x.map(() => target)];
    let chart: uPlot | undefined;

    const draw = () => {
      chart?.destroy();
      const line = themeColour("--color-brand-600");
      const muted = themeColour("--color-slate-600");
      const grid = themeColour("--color-slate-200");
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map((tick) => shortDate(tick)) },
            {
              ...axis,
              // Wide enough for the longest label ("£12,500.00"), at about 7 px a character.
              size: (_u, labels) => 16 + 7 * Math.max(4, ...(labels ?? []).map((text) => String(text).length)),
              values: (_u, ticks) => ticks.map((tick) => format(tick)),
            },
          ],
          series: [
            {},
            { label, stroke: line, width: 2, points: { show: values.length < 60, size: 5, fill: line } },
            ...(target === null
              ? []
              : [{ label: "Target", stroke: muted, width: 1, dash: [6, 4], points: { show: false } }]),
          ],
        },
        data,
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }),
    );
    resize.observe(element);
    // The theme switches by a class on <html>: the canvas is painted again in the new colours.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [values, target, format, label]);

  return <div ref={box} aria-hidden="true" className="w-full min-w-0" data-chart="metric" />;
}

function shortDate(seconds: number): string {
  return new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(seconds * 1000),
  );
}
