import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { focusIsLost } from "~/components/ui/focus-lost";

/**
 * With JavaScript, moving to another page happens inside the document: the browser neither moves
 * the keyboard nor tells a screen reader that anything changed. The link chosen stays focused
 * (a sidebar's), or focus falls back to the top of the document when the link went with the old
 * page (or with the menu that closed behind it). So after a move to another page the keyboard goes
 * to the new page's heading (the `<h1>` in `<main id="main">`, or `<main>` itself), which a screen
 * reader reads out, and Tab goes on into the page's content (decision 051).
 *
 * A link to a place on another page (`/dashboard/account#api-tokens`) puts it on that place.
 *
 * It stays where it is:
 *   - on the first render (the browser has just loaded the document and put focus where the HTML
 *     says, `autofocus` included);
 *   - on the same page (the same path and query, React Router's `?index` aside): a link to a place
 *     on it (`#pricing`), or a form answered with it, unless the pressed control went with the
 *     answer and the focus with it. A change of the query is another page (`/auth?mode=signup`
 *     and `/auth`: the link that switches them stays, its form is new);
 *   - when something in the new page's `<main>` took it (not the element the move began on).
 *
 * Rendered after the page, so its effect runs after the page's own (an effect that focuses
 * something has run by then), and on its own, so a navigation's changes of state re-render
 * nothing else.
 */
export function PageFocusAfterNavigation(): null {
  const location = useLocation();
  const navigation = useNavigation();
  const shown = useRef(location);
  // Where the keyboard was when the latest move began (a click on another link meanwhile is a new move).
  const focusedAtStart = useRef<Element | null>(null);
  const goingTo = navigation.location?.key;
  useEffect(() => {
    if (goingTo !== undefined) focusedAtStart.current = document.activeElement;
  }, [goingTo]);
  useEffect(() => {
    const before = shown.current;
    const focusedBefore = focusedAtStart.current;
    shown.current = location;
    focusedAtStart.current = null;
    if (before.key === location.key) return;
    const main = document.getElementById("main");
    if (!main) return;
    const active = document.activeElement;
    const focusLost = focusIsLost();
    if (pageOf(before) === pageOf(location)) {
      // The same page answered a form. Some browsers (Safari) never focus a pressed button, so
      // focus is moved only when the element that had it went with the answer.
      const pressedGone = focusedBefore !== null && focusedBefore !== document.body && !focusedBefore.isConnected;
      if (!focusLost || !pressedGone) return;
    } else if (!focusLost && main.contains(active) && active !== focusedBefore) {
      // Something on the new page took the keyboard itself.
      return;
    }
    const target = (location.hash !== "" ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null) ?? main.querySelector<HTMLElement>("h1") ?? main;
    if (!target.hasAttribute("tabindex") && !target.matches("a[href], button, input, select, textarea, summary")) target.setAttribute("tabindex", "-1");
    // ScrollRestoration has already put the page where it belongs (its top, the fragment's place,
    // or where it was for Back).
    target.focus({ preventScroll: true });
  }, [location]);
  return null;
}

/**
 * The page an address shows: its path and query, but not the `index` marker React Router adds to
 * a form posted to an index route (`/dashboard?index`), which is the same page.
 */
function pageOf({ pathname, search }: { pathname: string; search: string }): string {
  const query = new URLSearchParams(search);
  if (query.get("index") === "") query.delete("index");
  return `${pathname}?${query}`;
}
