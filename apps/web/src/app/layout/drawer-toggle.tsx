import { useCallback, useRef, useState } from 'react';

/** A daisyUI drawer's open state; closing it gives focus back to the button that opened it. */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onOpen = useCallback(() => setOpen(true), []);
  return { open, setOpen, close, buttonRef, toggle: { open, onOpen, onClose: close } };
}

interface DrawerToggleProps {
  id: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/**
 * daisyUI drives the drawer from this checkbox; React owns its state. Hidden from everyone but
 * the overlay's label: the visible menu button is what people use.
 */
export function DrawerToggle({ id, open, onOpen, onClose }: DrawerToggleProps) {
  return (
    <input
      id={id}
      type="checkbox"
      className="drawer-toggle"
      aria-hidden="true"
      tabIndex={-1}
      checked={open}
      onChange={(event) => (event.target.checked ? onOpen() : onClose())}
    />
  );
}
