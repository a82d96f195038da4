import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = 'summary, a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A ref for a `<details>` menu that closes it when the page in the browser changes to `place` (a
 * path, or a path and a hash): the menu opens and closes as HTML, and with JavaScript a link
 * chosen in it leaves it closed on the next page.
 *
 * Only a change closes it, never the first render: the page paints before its JavaScript runs
 * (decision 035), and on a slow phone a visitor can open the menu before the page hydrates.
 * Closing on mount would shut it under their finger as the page came alive.
 *
 * With JavaScript, Escape closes an open menu and gives focus back to its toggle. A `modal` menu
 * (a drawer over a dimmed page) also keeps Tab and Shift+Tab among its own controls and closes
 * when its backdrop (`data-menu-backdrop`) is clicked.
 */
export function useMenuClosedAfterNavigation(place: string, { modal = false }: { modal?: boolean } = {}): RefObject<HTMLDetailsElement | null> {
  const menu = useRef<HTMLDetailsElement>(null);
  const shownFor = useRef(place);
  useEffect(() => {
    if (shownFor.current === place) return;
    shownFor.current = place;
    if (menu.current) menu.current.open = false;
  }, [place]);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = () => {
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      if (!modal || event.key !== "Tab") return;
      const controls = [...details.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const inside = details.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (modal && event.target instanceof Element && event.target.closest("[data-menu-backdrop]")) close();
    };
    document.addEventListener("keydown", onKeyDown);
    details.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("click", onClick);
    };
  }, [modal]);
  return menu;
}
