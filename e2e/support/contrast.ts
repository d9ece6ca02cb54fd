import type { Locator } from "playwright-core";

type Rgb = [number, number, number];

/**
 * An element's fill and the colour of the nearest box behind it with one, as sRGB: read through a canvas, so
 * whatever syntax the stylesheet uses (hex, oklch) is compared alike.
 */
export async function fillAndBackground(element: Locator): Promise<{ fill: Rgb; behind: Rgb }> {
  return element.evaluate((node) => {
    const rgb = (color: string): [number, number, number] => {
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return [r ?? 0, g ?? 0, b ?? 0];
    };
    let parent = node.parentElement;
    while (parent && getComputedStyle(parent).backgroundColor === "rgba(0, 0, 0, 0)") parent = parent.parentElement;
    return {
      fill: rgb(getComputedStyle(node).backgroundColor),
      behind: rgb(getComputedStyle(parent ?? document.body).backgroundColor),
    };
  });
}

/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** OKLCH chroma: how far a colour is from grey. A pastel near white has little. */
export function chroma(colour: Rgb): number {
  const [r, g, b] = colour.map(linear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return Math.hypot(
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  );
}

function luminance(colour: Rgb): number {
  const [r, g, b] = colour.map(linear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
