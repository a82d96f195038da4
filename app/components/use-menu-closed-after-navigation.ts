import { useEffect, useRef, type RefObject } from "react";

/**
 * A ref for a `<details>` menu that closes it when the page in the browser changes to `place` (a
 * path, or a path and a hash): the menu opens and closes as HTML, and with JavaScript a link
 * chosen in it leaves it closed on the next page.
 *
 * Only a change closes it, never the first render: the page paints before its JavaScript runs
 * (decision 035), and on a slow phone a visitor can open the menu before the page hydrates.
 * Closing on mount would shut it under their finger as the page came alive.
 */
export function useMenuClosedAfterNavigation(place: string): RefObject<HTMLDetailsElement | null> {
  const menu = useRef<HTMLDetailsElement>(null);
  const shownFor = useRef(place);
  useEffect(() => {
    if (shownFor.current === place) return;
    shownFor.current = place;
    if (menu.current) menu.current.open = false;
  }, [place]);
  return menu;
}
