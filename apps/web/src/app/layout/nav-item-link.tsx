import { Link, NavLink, useLocation } from 'react-router';
import type { NavItem } from './nav-links';

interface NavItemLinkProps {
  item: NavItem;
  onClick?: () => void;
  activeClassName?: string;
}

/**
 * A menu link that marks the current page. An in-page anchor such as /#reviews is never
 * "current": NavLink ignores the hash and would light it up on every visit to /.
 */
export function NavItemLink({ item, onClick, activeClassName = 'menu-active' }: NavItemLinkProps) {
  const location = useLocation();
  if (item.current) {
    const active = item.current(location);
    return (
      <Link
        to={item.to}
        onClick={onClick}
        aria-current={active ? 'page' : undefined}
        className={active ? activeClassName : undefined}
      >
        {item.label}
      </Link>
    );
  }
  if (item.to.includes('#')) {
    return (
      <Link to={item.to} onClick={onClick}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onClick}
      className={({ isActive }) => (isActive ? activeClassName : undefined)}
    >
      {item.label}
    </NavLink>
  );
}
