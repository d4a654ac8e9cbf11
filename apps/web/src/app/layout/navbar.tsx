import { lazy, Suspense, type Ref } from 'react';
import { Link } from 'react-router';
import { authClient } from '../../lib/auth/auth-client';
import { LineIcon } from '../../components/ui/line-icon';
import { paths } from '../../lib/paths';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { BrandLogo } from './brand-logo';
import { CartLink } from './cart-link';
import { HeaderSearch } from './header-search';
import { NavItemLink } from './nav-item-link';
import { dashboardNavItem, mainNavItems } from './nav-links';

// Only a signed-in person has this menu: visitors never download it. Until it arrives an empty
// box of the avatar button's size holds its place, so nothing in the bar moves.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const userMenuPlaceholder = (
  <span aria-hidden="true" className="btn btn-ghost btn-circle invisible" />
);

interface NavbarProps {
  menuOpen: boolean;
  menuButtonRef?: Ref<HTMLButtonElement>;
  onOpenMenu: () => void;
}

export function Navbar({ menuOpen, menuButtonRef, onOpenMenu }: NavbarProps) {
  const { data: session, isPending } = authClient.useSession();
  const signOut = useSignOut();
  const user = session?.user;
  const navItems = user ? [...mainNavItems, dashboardNavItem] : mainNavItems;

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      <div className="navbar mx-auto max-w-7xl gap-2 px-2 sm:px-4">
        <div className="navbar-start w-auto gap-1">
          <button
            ref={menuButtonRef}
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={onOpenMenu}
          >
            <LineIcon d="M4 6h16M4 12h16M4 18h16" />
          </button>
          <BrandLogo />
        </div>
        {/* The search box: here on a wide screen, in a row of its own under the bar on a narrow
            one (below). Both are in the server's HTML; the one not for this width is not shown. */}
        <HeaderSearch className="hidden min-w-0 flex-1 lg:block lg:max-w-lg" />
        <div className="navbar-end min-w-0 flex-1 gap-2">
          <CartLink />
          {isPending ? null : user ? (
            <>
              <span
                className="max-w-[9rem] truncate font-medium sm:max-w-[16rem]"
                title={user.name}
              >
                {user.name}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm btn-primary hidden sm:inline-flex"
                onClick={() => void signOut()}
              >
                Log Out
              </button>
              <Suspense fallback={userMenuPlaceholder}>
                <UserMenu
                  name={user.name}
                  email={user.email}
                  image={user.image}
                  onSignOut={() => void signOut()}
                />
              </Suspense>
            </>
          ) : (
            <Link to={paths.login} className="btn btn-primary btn-sm">
              Login
            </Link>
          )}
        </div>
      </div>
      <div className="-mt-2 p-2 sm:px-4 lg:hidden">
        <HeaderSearch className="mx-auto max-w-7xl" />
      </div>
      <nav aria-label="Main" className="hidden border-t border-base-300 lg:block">
        <ul className="menu menu-horizontal mx-auto flex max-w-7xl flex-wrap gap-1 px-2 py-1 text-sm sm:px-4">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} activeClassName="menu-active font-semibold" />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
