import { useRouteLoaderData } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { loader as layoutLoader } from "./layout";

export const meta = () => [{ title: "Subscription | Tonewise" }];

/** The plan page; upgrading and managing the plan arrive with billing. */
export default function Subscription() {
  const { account } = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout")!;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Subscription</h1>
        <p className="mt-1 text-slate-600">
          Your current plan: <Badge tone={account.tier === "pro" ? "brand" : "neutral"}>{account.tier === "pro" ? "PRO" : "FREE"}</Badge>
        </p>
      </header>
    </div>
  );
}
