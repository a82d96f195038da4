import { formatPostDate, type PostSummary } from "~/lib/post-summary";
import { Badge } from "./ui/badge";

export function PostMeta({ post }: { post: PostSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <Badge>{post.category}</Badge>
      {/* The date and reading time wrap as one: a "·" never ends or starts a line. */}
      <span className="inline-flex items-center gap-3 whitespace-nowrap">
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readTime} read</span>
      </span>
    </div>
  );
}
