import { Link } from 'react-router';
import { paths } from '../../lib/paths';

interface FooterColumn {
  title: string;
  links: { to: string; label: string }[];
}

/** Three link columns: tools, company, legal. */
const columns: FooterColumn[] = [
  {
    title: 'Tools',
    links: [
      { to: paths.tools, label: 'All tools' },
      { to: paths.categories, label: 'Categories' },
      { to: paths.summary, label: 'Summary' },
      { to: paths.reviews, label: 'Reviews' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About Us' },
      { to: paths.design, label: 'Design and Development' },
      { to: paths.itSupport, label: 'Our Support Section' },
      { to: paths.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: `${paths.about}#terms`, label: 'Terms of use' },
      { to: `${paths.about}#privacy`, label: 'Privacy policy' },
      { to: `${paths.about}#cookies`, label: 'Cookie policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="below-fold bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <aside className="max-w-xs">
          <p className="text-xl font-extrabold tracking-tight">Voltforge</p>
          <p className="text-sm text-neutral-content/80">
            Electrical and electronic tools and components, made and shipped by the people who
            design them.
          </p>
        </aside>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title text-secondary opacity-100">{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.to} to={link.to} className="link link-hover">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        {/* The year of a page rendered on the server just before New Year may differ. */}
        <p
          className="mx-auto max-w-7xl px-10 py-4 text-sm text-neutral-content/75"
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} Voltforge. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
