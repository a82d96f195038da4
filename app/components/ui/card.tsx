import { cx } from "./cx";

export function Card({
  className,
  children,
  as: Tag = "div",
}: {
  className?: string;
  children: React.ReactNode;
  as?: "div" | "article" | "section" | "li";
}) {
  return (
    <Tag className={cx("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      {children}
    </Tag>
  );
}
