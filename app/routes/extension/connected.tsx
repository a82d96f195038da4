import { href, Link } from "react-router";
import { LogoMark } from "~/components/logo";
import { buttonClasses } from "~/components/ui/button";
import { TOKEN_MESSAGES } from "~/lib/access-token-forms";
import type { Route } from "./+types/connected";

/**
 * Where the hand-over ends. The extension, which opened /extension/connect in this tab, reads the
 * one-time code from this page's address and exchanges it; the page itself only tells the user.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { connected: params.has("code"), error: params.get("error") };
}

/** The tab's title says what the page says: a failed hand-over is not "connected". */
export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? outcome(loaderData.connected, loaderData.error)[0] : "Connecting the extension"} | Tonewise` },
  { name: "robots", content: "noindex" },
];

function outcome(connected: boolean, error: string | null): [title: string, text: string] {
  if (connected) return ["The extension is connected", "You can close this tab and start typing in any text field: Tonewise will offer a polished version when you pause."];
  if (error === "access_denied") return ["Connection cancelled", "The extension was not connected. You can connect it any time from its toolbar icon."];
  if (error === "token_limit") return ["Too many access tokens", TOKEN_MESSAGES.extensionLimit];
  if (error === "temporarily_unavailable") {
    return ["Tonewise is temporarily unavailable", "The extension was not connected. Please try again in a moment from its toolbar icon."];
  }
  return ["Something went wrong", "The extension could not be connected. Open Tonewise from your browser's toolbar and try again."];
}

export default function ExtensionConnected({ loaderData: { connected, error } }: Route.ComponentProps) {
  const [title, text] = outcome(connected, error);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" data-extension-connected={connected ? "true" : "false"}>
        <div className="flex items-center gap-2">
          <LogoMark />
          <span className="text-lg font-bold text-slate-900">Tonewise</span>
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        {error === "token_limit" ? (
          <Link to={`${href("/dashboard/account")}#api-tokens`} className={buttonClasses("primary", "lg", "mt-6 w-full sm:w-auto")}>
            Go to your Account page
          </Link>
        ) : null}
      </div>
    </main>
  );
}
