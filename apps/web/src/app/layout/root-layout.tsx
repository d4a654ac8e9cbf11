import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useNavigationPending } from '../navigation';
import { RouteErrorBoundary } from '../route-error-boundary';
import { useScrollRestoration } from '../scroll-restoration';
import { DrawerToggle, useDrawer } from './drawer-toggle';
import { Footer } from './footer';
import { Navbar } from './navbar';

const MENU_TOGGLE_ID = 'site-menu-toggle';

// Mounted only while the small-screen menu is open, so it loads on the first tap, not with the page.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** Shows that a page (or its lazily loaded code) is on its way. */
function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <progress
      className="progress progress-secondary fixed inset-x-0 top-0 z-50 h-1 rounded-none"
      aria-label="Loading page"
    />
  );
}

interface RootLayoutProps {
  /** Replaces the routed page (tests). */
  children?: ReactNode;
}

/** Navbar, page and footer, inside the daisyUI drawer that holds the small-screen menu. */
export function RootLayout({ children }: RootLayoutProps) {
  const { open, setOpen, close, buttonRef, toggle } = useDrawer();
  useScrollRestoration();

  return (
    <div className="drawer">
      <DrawerToggle id={MENU_TOGGLE_ID} {...toggle} />
      <div className="drawer-content flex min-h-dvh flex-col">
        <a
          href="#main"
          className="btn btn-sm btn-secondary fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <Navbar menuOpen={open} menuButtonRef={buttonRef} onOpenMenu={toggle.onOpen} />
        {/* At least a screen tall, so the footer starts below the fold while a page's code or
            data loads and never jumps down when the content arrives (layout shift). */}
        <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col outline-none">
          <RouteErrorBoundary>
            {/* A first load shows the frame and this spinner until the page's code arrives. */}
            <Suspense fallback={<Spinner block />}>{children ?? <Outlet />}</Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
      </div>
      {/* No reveal delay: the menu takes focus the moment it opens, and hidden items cannot. */}
      <div className="drawer-side z-40 transition-none lg:hidden">
        <label htmlFor={MENU_TOGGLE_ID} aria-hidden="true" className="drawer-overlay" />
        {open ? (
          <Suspense fallback={null}>
            <MobileMenu onClose={close} onNavigate={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
