import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * With JavaScript, moving to another page happens inside the document: the browser neither moves
 * the keyboard nor tells a screen reader that anything changed. The link chosen stays focused
 * (a sidebar's), or focus falls back to the top of the document when the link went with the old
 * page (or with the menu that closed behind it). So after a move to another page the keyboard goes
 * to the new page's heading (the `<h1>` in `<main id="main">`, or `<main>` itself), which a screen
 * reader reads out, and Tab goes on into the page's content (decision 051).
 *
 * It stays where it is:
 *   - on the first render (the browser has just loaded the document and put focus where the HTML
 *     says, `autofocus` included);
 *   - for a link to a place on a page (`#pricing`): the browser's own handling of the fragment;
 *   - when something on the new page took it (focus is on another element than when the move
 *     began, and not lost);
 *   - when the address is the same (a form sent and answered with the same page) and the focused
 *     element is still there. A change of the query is another view (`/auth?mode=signup` and
 *     `/auth`: the link that switches them stays, its form is new), so the heading takes it.
 *
 * Rendered after the page, so its effect runs after the page's own (an effect that focuses
 * something has run by then), and on its own, so a navigation's changes of state re-render
 * nothing else.
 */
export function PageFocusAfterNavigation(): null {
  const location = useLocation();
  const { state } = useNavigation();
  const shown = useRef(location);
  // Where the keyboard was when the move began.
  const focusedAtStart = useRef<Element | null>(null);
  useEffect(() => {
    if (state !== "idle" && focusedAtStart.current === null) focusedAtStart.current = document.activeElement;
  }, [state]);
  useEffect(() => {
    const before = shown.current;
    const focusedBefore = focusedAtStart.current;
    shown.current = location;
    focusedAtStart.current = null;
    if (before.key === location.key || location.hash !== "") return;
    const main = document.getElementById("main");
    if (!main) return;
    const active = document.activeElement;
    const focusLost = active === null || active === document.body || !active.isConnected;
    const sameAddress = before.pathname === location.pathname && before.search === location.search;
    if (!focusLost && (sameAddress || active !== focusedBefore)) return;
    const heading = main.querySelector<HTMLElement>("h1") ?? main;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // ScrollRestoration has already put the page where it belongs (its top, for a new page).
    heading.focus({ preventScroll: true });
  }, [location]);
  return null;
}
