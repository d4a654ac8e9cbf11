import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { authClient } from '../../lib/auth/auth-client';
import { CloseButton } from '../../components/ui/close-button';
import { paths } from '../../lib/paths';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { BrandLogo } from './brand-logo';
import { NavItemLink } from './nav-item-link';
import { dashboardNavItem, mainNavItems } from './nav-links';

interface MobileMenuProps {
  /** Escape or the close button: focus goes back to the menu button. */
  onClose: () => void;
  /** A link was chosen: the new page takes over, so focus is left to it. */
  onNavigate: () => void;
}

/** The small-screen menu inside the site drawer; mounted only while the drawer is open. */
export function MobileMenu({ onClose, onNavigate }: MobileMenuProps) {
  const { data: session } = authClient.useSession();
  const signOut = useSignOut();
  const navRef = useRef<HTMLElement>(null);
  const user = session?.user;
  const navItems = user ? [...mainNavItems, dashboardNavItem] : mainNavItems;

  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);

  return (
    <nav
      ref={navRef}
      id="site-menu"
      aria-label="Site menu"
      className="flex min-h-full w-72 max-w-[85vw] flex-col gap-2 bg-base-100 p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="flex items-center justify-between">
        <BrandLogo onClick={onNavigate} />
        <CloseButton label="Close menu" onClick={onClose} />
      </div>
      {user ? (
        <p className="truncate px-2 text-sm text-base-content/75">
          Signed in as <span className="font-semibold text-base-content">{user.name}</span>
        </p>
      ) : null}
      <ul className="menu w-full p-0">
        {navItems.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} onClick={onNavigate} />
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-base-300 pt-4">
        {user ? (
          <button
            type="button"
            className="btn btn-outline btn-primary w-full"
            onClick={() => {
              onNavigate();
              void signOut();
            }}
          >
            Log Out
          </button>
        ) : (
          <Link to={paths.login} className="btn btn-primary w-full" onClick={onNavigate}>
            Login
          </Link>
        )}
      </div>
    </nav>
  );
}
