import { paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
  /** Only an exact match marks the link as the current page. */
  end?: boolean;
  /** Decides instead of the path match whether this link is the current page. */
  current?: (location: { pathname: string; search: string }) => boolean;
}

/** The navigation bar's links, in the order people know them from the original shop. */
export const mainNavItems: readonly NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.about, label: 'About Us' },
  { to: paths.categories, label: 'Categories' },
  { to: paths.itSupport, label: 'Our Support Section' },
  { to: paths.design, label: 'Design and Development' },
  { to: paths.tools, label: 'Tools' },
  { to: paths.reviews, label: 'Review' },
  { to: paths.portfolio, label: 'Portfolio' },
  { to: paths.blog, label: 'Blog' },
];

export const dashboardNavItem: NavItem = { to: paths.dashboard, label: 'Dashboard' };
