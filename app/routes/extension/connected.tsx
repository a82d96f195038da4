import { LogoMark } from "~/components/logo";
import type { Route } from "./+types/connected";

/**
 * Where the hand-over ends. The extension, which opened /extension/connect in this tab, reads the
 * one-time code from this page's address and exchanges it; the page itself only tells the user.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { connected: params.has("code"), denied: params.get("error") === "access_denied" };
}

export const meta = () => [{ title: "Extension connected | Tonewise" }, { name: "robots", content: "noindex" }];

export default function ExtensionConnected({ loaderData: { connected, denied } }: Route.ComponentProps) {
  const [title, text] = connected
    ? ["The extension is connected", "You can close this tab and start typing in any text field: Tonewise will offer a polished version when you pause."]
    : denied
      ? ["Connection cancelled", "The extension was not connected. You can connect it any time from its toolbar icon."]
      : ["Something went wrong", "The extension could not be connected. Open Tonewise from your browser's toolbar and try again."];
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" data-extension-connected={connected ? "true" : "false"}>
        <div className="flex items-center gap-2">
          <LogoMark />
          <span className="text-lg font-bold text-slate-900">Tonewise</span>
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
      </div>
    </main>
  );
}
