import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import '../../dashboard.css';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { CloseButton } from '../../components/ui/close-button';
import { PageContainer } from '../../components/ui/page-container';
import { authClient } from '../../lib/auth/auth-client';
import { paths } from '../../lib/paths';
import { RouteErrorBoundary } from '../route-error-boundary';
import { DrawerToggle, useDrawer } from './drawer-toggle';
import { NavItemLink } from './nav-item-link';
import type { NavItem } from './nav-links';

const DRAWER_ID = 'dashboard-menu-toggle';

/**
 * The code of every page behind sign-in (the page table's 'signed in' and 'admin' lines), each
 * fetched on first visit. It is here, in the layout's chunk which every such page loads first,
 * not in the entry with the public pages': a visitor's first page does not download the list of
 * the back office's chunks (docs/performance.md, "Pages behind sign-in"). The folders are those
 * index.css leaves to dashboard.css; app/public-pages.test.tsx checks both lists against the table.
 */
export const dashboardPageModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../../features/{admin,admin-mail,tool-import,my-orders,payment,profile,projects,quotes,supply}/*-page.tsx',
  '../../features/reviews/add-review-page.tsx',
  '../dashboard-home.tsx',
]);

const userItems: NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', end: true },
  { to: paths.myOrder, label: 'My Order' },
  { to: paths.projects, label: 'My Projects' },
  { to: paths.quotes, label: 'My Quotes' },
  { to: paths.addReview, label: 'Add Review' },
  { to: paths.updateProfile, label: 'My Profile' },
];

// Editing a tool uses the Add Tools form (?edit=<id>), but the admin came from Manage Products.
const isEditingTool = ({ pathname, search }: { pathname: string; search: string }) =>
  pathname === paths.addTool && new URLSearchParams(search).has('edit');

const adminItems: NavItem[] = [
  { to: paths.users, label: 'All User' },
  {
    to: paths.addTool,
    label: 'Add Tools',
    current: (location) => location.pathname === paths.addTool && !isEditingTool(location),
  },
  {
    to: paths.manageTools,
    label: 'Manage Products',
    current: (location) => location.pathname === paths.manageTools || isEditingTool(location),
  },
  { to: paths.manageOrders, label: 'Manage Orders' },
  { to: paths.manageReviews, label: 'Manage Reviews' },
  { to: paths.manageQuotes, label: 'Quotes' },
  { to: paths.supply, label: 'Supply' },
  { to: paths.companies, label: 'Companies' },
  { to: paths.mail, label: 'Mail' },
  { to: paths.inbox, label: 'Inbox' },
];

/**
 * The dashboard frame ("Welcome To Dashboard" and its side menu). Admin items follow the
 * session's role; the admin pages still check with the server before showing anything.
 */
export function DashboardLayout() {
  const { data: session } = authClient.useSession();
  const {
    open: menuOpen,
    setOpen: setMenuOpen,
    close: closeMenu,
    buttonRef: menuButtonRef,
    toggle,
  } = useDrawer();
  const isAdmin = session?.user.role === 'admin';
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [menuOpen]);

  return (
    <PageContainer>
      <div className="drawer lg:drawer-open">
        <DrawerToggle id={DRAWER_ID} {...toggle} />
        <div className="drawer-content min-w-0 lg:pl-8">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-primary">Welcome To Dashboard</h1>
            <button
              ref={menuButtonRef}
              type="button"
              className="btn btn-outline btn-sm lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="dashboard-menu"
              onClick={() => setMenuOpen(true)}
            >
              Dashboard menu
            </button>
          </div>
          <RouteErrorBoundary>
            <Suspense fallback={<Spinner block />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
        {/* No reveal delay: the menu takes focus the moment it opens, and hidden items cannot. */}
        <div className="drawer-side z-40 transition-none lg:z-auto">
          <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
          <nav
            ref={menuRef}
            id="dashboard-menu"
            aria-label="Dashboard"
            className="min-h-full w-64 bg-base-100 p-4 lg:min-h-0 lg:rounded-box lg:border lg:border-base-300 lg:bg-base-200"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && menuOpen) closeMenu();
            }}
          >
            <div className="mb-2 flex items-center justify-between lg:hidden">
              <span className="px-2 font-semibold">Dashboard</span>
              <CloseButton label="Close dashboard menu" onClick={closeMenu} />
            </div>
            <ul className="menu w-full p-0">
              {userItems.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} onClick={() => setMenuOpen(false)} />
                </li>
              ))}
              {isAdmin ? (
                <>
                  <li className="menu-title mt-3 text-base-content/75">Admin</li>
                  {adminItems.map((item) => (
                    <li key={item.to}>
                      <NavItemLink item={item} onClick={() => setMenuOpen(false)} />
                    </li>
                  ))}
                </>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </PageContainer>
  );
}
