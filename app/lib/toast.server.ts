import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getEnv } from "./env.server";
import { readCookie, serializeCookie, signValue, unsignValue } from "./signed-cookie.server";
import { toToast, type Toast, type ToastInput } from "./toast";

/**
 * Toasts that survive redirects. An action or loader calls `flashToast`; the root loader shows
 * it. If the root loader runs in the same request (a no-JavaScript form post re-rendering the
 * page), it takes the toast straight from the request context; otherwise (a redirect, or a
 * JavaScript form post followed by a revalidation) the toast travels in a signed cookie.
 */
const TOAST_COOKIE = "tw_toast";
const MAX_TOASTS = 3;

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
  if (readCookie(request, TOAST_COOKIE) !== undefined) current.cookieRead = true;
  return [...(await storedToasts(request, context)), ...toasts].slice(-MAX_TOASTS);
}

export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(toastContext, { pending: [], cookieRead: false });
  const response = await next();
  const current = state(context);
  const secure = new URL(getEnv(context).APP_URL).protocol === "https:";
  try {
    if (current.pending.length > 0) {
      const carried = current.cookieRead ? [] : await storedToasts(request, context);
      const value = await signValue(JSON.stringify([...carried, ...current.pending].slice(-MAX_TOASTS)), getEnv(context).COOKIE_SECRET);
      response.headers.append("Set-Cookie", serializeCookie(TOAST_COOKIE, value, { maxAge: 60, secure }));
    } else if (current.cookieRead) {
      response.headers.append("Set-Cookie", serializeCookie(TOAST_COOKIE, "", { maxAge: 0, secure }));
    }
  } catch {
    // Immutable headers (a proxied response): nothing to carry.
  }
  return response;
};

/** The toasts the request's signed cookie carries; a cookie we cannot verify or read is dropped. */
async function storedToasts(request: Request, context: Readonly<RouterContextProvider>): Promise<Toast[]> {
  const cookie = readCookie(request, TOAST_COOKIE);
  if (!cookie) return [];
  const json = await unsignValue(cookie, getEnv(context).COOKIE_SECRET);
  if (!json) return [];
  try {
    const stored: unknown = JSON.parse(json);
    return Array.isArray(stored) ? (stored as Toast[]) : [];
  } catch {
    return [];
  }
}
