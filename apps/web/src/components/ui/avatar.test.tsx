import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('ada king lovelace')).toBe('AL');
    expect(initialsOf('  Grace  ')).toBe('G');
    expect(initialsOf('   ')).toBe('?');
  });
});

describe('Avatar', () => {
  it('falls back to the initials when the photo fails to load', () => {
    const { container } = render(
      <Avatar
        name="Ada Lovelace"
        src="/missing.png"
        size={36}
        alt="Photo of Ada Lovelace"
        className="h-9 w-9"
        initialsClassName="bg-secondary"
      />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Photo of Ada Lovelace' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('AL');
  });
});
