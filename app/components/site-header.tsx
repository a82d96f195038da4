import { useEffect, useRef, type RefObject } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import { primaryNav, SIGN_UP_PATH } from "~/content/site";
import { Logo } from "./logo";
import { CloseIcon, MenuIcon } from "./icons";
import { ButtonLink, buttonClasses } from "./ui/button";

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

const MENU_ID = "site-menu";

/**
 * A ref for the popover menu that hides it when the page in the browser changes to `place`: the
 * browser opens and closes it (toggle, Escape, a tap outside), and with JavaScript a link chosen
 * in it leaves it closed on the next page. Only a change hides it, never the first render, as for
 * the dashboard's menu (use-menu-closed-after-navigation.ts). Not in the site's shared chunk: the
 * dashboard has no popover.
 */
function usePopoverClosedAfterNavigation(place: string): RefObject<HTMLDivElement | null> {
  const menu = useRef<HTMLDivElement>(null);
  const shownFor = useRef(place);
  useEffect(() => {
    if (shownFor.current === place) return;
    shownFor.current = place;
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [place]);
  return menu;
}

/**
 * Sticky marketing navigation. The phone menu is a popover, so on every page, with or without
 * JavaScript, its toggle opens and closes it, Escape or a tap outside closes it and gives focus
 * back to the toggle; with JavaScript it also closes after navigating.
 */
export function SiteHeader() {
  const location = useLocation();
  const menu = usePopoverClosedAfterNavigation(`${location.pathname}${location.hash}`);

  return (
    <header className="group/header sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNav.map((item) => (
              <li key={item.to}>
                {/* A section of a page (Pricing) is not a page: only Home is the current one on /. */}
                {item.to.includes("#") ? (
                  <Link to={item.to} className={navLinkClass}>
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.to} className={navLinkClass} end>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <ButtonLink to={href("/auth")} variant="ghost" size="sm">
            Sign In
          </ButtonLink>
          <ButtonLink to={SIGN_UP_PATH} size="sm">
            Get Started
          </ButtonLink>
        </div>
        <div className="md:hidden">
          <button type="button" popoverTarget={MENU_ID} className={buttonClasses("ghost", "sm")} aria-label="Toggle menu">
            <MenuIcon className="size-6 group-has-[:popover-open]/header:hidden" />
            <CloseIcon className="hidden size-6 group-has-[:popover-open]/header:block" />
          </button>
          <div
            ref={menu}
            id={MENU_ID}
            popover="auto"
            className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-b border-slate-200 bg-white px-4 pb-6 text-slate-900 shadow-lg"
          >
            <nav aria-label="Mobile">
              <ul className="flex flex-col gap-1 pt-2">
                {primaryNav.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <ButtonLink to={href("/auth")} variant="secondary">
                Sign In
              </ButtonLink>
              <ButtonLink to={SIGN_UP_PATH}>Get Started</ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
