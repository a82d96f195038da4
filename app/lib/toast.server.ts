import { createContext, createCookie, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getEnv } from "./env.server";
import { toToast, type Toast, type ToastInput } from "./toast";

/**
 * Toasts that survive redirects. An action or loader calls `flashToast`; the root loader shows
 * it. If the root loader runs in the same request (a no-JavaScript form post re-rendering the
 * page), it takes the toast straight from the request context; otherwise (a redirect, or a
 * JavaScript form post followed by a revalidation) the toast travels in a cookie signed with
 * COOKIE_SECRET (React Router's createCookie: HMAC-SHA256 with Web Crypto, on Node and the Worker
 * alike). Signed, not secret: the browser must only hand back what we wrote.
 */
export const TOAST_COOKIE = "tw_toast";
const TOAST_COOKIE_SENT = new RegExp(`(?:^|;)\\s*${TOAST_COOKIE}=`);
const MAX_TOASTS = 3;
const TOAST_LIFETIME_SECONDS = 60;

const cookies = new Map<string, Cookie>();

/** The toast cookie for this deployment's secret and scheme (one per process, not per request). */
function toastCookie(context: Readonly<RouterContextProvider>): Cookie {
  const { COOKIE_SECRET, APP_URL } = getEnv(context);
  const secure = new URL(APP_URL).protocol === "https:";
  const key = `${secure}:${COOKIE_SECRET}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(TOAST_COOKIE, { secrets: [COOKIE_SECRET], httpOnly: true, sameSite: "lax", path: "/", secure });
    cookies.set(key, cookie);
  }
  return cookie;
}

type ToastState = { pending: Toast[]; cookieRead: boolean };

const toastContext = createContext<ToastState | null>(null);

function state(context: Readonly<RouterContextProvider>): ToastState {
  const current = context.get(toastContext);
  if (!current) throw new Error("toastMiddleware is not installed");
  return current;
}

export function flashToast(context: Readonly<RouterContextProvider>, toast: ToastInput): void {
  state(context).pending.push(toToast(toast));
}

/** For the root loader: every toast due on this page, once. */
export async function takeToasts(request: Request, context: Readonly<RouterContextProvider>): Promise<Toast[]> {
  const current = state(context);
  const toasts = [...current.pending];
  current.pending = [];
  // Any toast cookie the browser sent is cleared once read, one we cannot verify included.
  if (TOAST_COOKIE_SENT.test(request.headers.get("Cookie") ?? "")) current.cookieRead = true;
  return [...(await storedToasts(request, context)), ...toasts].slice(-MAX_TOASTS);
}

export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(toastContext, { pending: [], cookieRead: false });
  const response = await next();
  const current = state(context);
  const cookie = toastCookie(context);
  try {
    if (current.pending.length > 0) {
      const carried = current.cookieRead ? [] : await storedToasts(request, context);
      const toasts = [...carried, ...current.pending].slice(-MAX_TOASTS);
      response.headers.append("Set-Cookie", await cookie.serialize(toasts, { maxAge: TOAST_LIFETIME_SECONDS }));
    } else if (current.cookieRead) {
      response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
    }
  } catch {
    // Immutable headers (a proxied response): nothing to carry.
  }
  return response;
};

/** The toasts the request's signed cookie carries; a cookie we cannot verify or read is dropped. */
async function storedToasts(request: Request, context: Readonly<RouterContextProvider>): Promise<Toast[]> {
  const stored: unknown = await toastCookie(context).parse(request.headers.get("Cookie"));
  return Array.isArray(stored) ? (stored as Toast[]) : [];
}
