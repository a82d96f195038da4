import type { Locator } from "@playwright/test";

/**
 * The WCAG contrast ratio between a colour of an element (a computed style property, e.g.
 * `border-top-color`, `outline-color`, or `placeholder` for its ::placeholder text) and the
 * background it sits on: its own, or the nearest ancestor's that is not transparent. Colours
 * are converted to sRGB by painting them on a canvas, so any CSS colour (Tailwind's oklch) works.
 */
export function contrastAgainstBackground(element: Locator, property: string, ownBackground = false): Promise<number> {
  return element.evaluate(
    (node, [property, ownBackground]) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d", { willReadFrequently: true })!;
      const srgb = (css: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = css;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data];
      };
      const luminance = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((channel) => channel / 255)
          .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
      const colour =
        property === "placeholder" ? getComputedStyle(node, "::placeholder").color : getComputedStyle(node).getPropertyValue(property);
      let holder: Element | null = ownBackground ? node : node.parentElement;
      while (holder && srgb(getComputedStyle(holder).backgroundColor)[3] === 0) holder = holder.parentElement;
      const background = holder ? getComputedStyle(holder).backgroundColor : "white";
      const [lighter, darker] = [luminance(srgb(colour)), luminance(srgb(background))].sort((a, b) => b - a);
      return (lighter! + 0.05) / (darker! + 0.05);
    },
    [property, ownBackground] as const,
  );
}
