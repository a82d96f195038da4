import { Link } from "react-router";
import { COPYRIGHT_YEAR, footerNav } from "~/content/site";
import { LogoMark } from "./logo";

const groups = [
  { title: "Product", links: footerNav.product },
  { title: "Company", links: footerNav.company },
  { title: "Legal", links: footerNav.legal },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-bold text-slate-900">Tonewise</span>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Clear, human-toned messages for people who write for a living.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.to.startsWith("mailto:") ? (
                    <a href={link.to} className="text-sm text-slate-600 hover:text-slate-900">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="text-sm text-slate-600 hover:text-slate-900">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6 lg:px-8">
          © {COPYRIGHT_YEAR} Tonewise. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
