import { data } from "react-router";
import { NotFoundScreen } from "~/components/error-boundary";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Tonewise" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundScreen />;
}
