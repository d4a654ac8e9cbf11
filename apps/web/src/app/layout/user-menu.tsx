import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/ui/avatar';

interface UserMenuProps {
  name: string;
  email: string;
  image?: string | null;
  onSignOut: () => void;
}

/**
 * The avatar menu. Open state lives in React (not CSS focus) so it closes after a choice, on
 * Escape and on an outside click, and hands focus back to its button.
 */
export function UserMenu({ name, email, image, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div
      ref={rootRef}
      className={open ? 'dropdown dropdown-end dropdown-open' : 'dropdown dropdown-end'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label="Account menu"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar
          name={name}
          src={image}
          size={36}
          className="h-9 w-9"
          initialsClassName="bg-secondary text-sm font-semibold text-secondary-content"
        />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="menu dropdown-content z-50 mt-3 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          <li className="menu-title truncate text-base-content/75 normal-case" title={email}>
            {email}
          </li>
          <li>
            <Link to={paths.updateProfile} onClick={() => setOpen(false)}>
              Profile <span className="badge badge-sm badge-secondary">New</span>
            </Link>
          </li>
          <li>
            <Link to={paths.home} onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
