import { href, Link } from "react-router";

export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path d="M9 10h14M16 10v13" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="23.5" cy="21.5" r="2.5" fill="#5eead4" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to={href("/")} className="flex items-center gap-2 rounded-md" aria-label="Tonewise home">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">Tonewise</span>
    </Link>
  );
}
