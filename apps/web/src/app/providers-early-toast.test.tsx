import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/page/toast';
import { fakeAuth, signedInAs } from '../test/fake-auth-client';
import { Providers } from './providers';

vi.mock('../lib/auth/auth-client', async () => ({
  authClient: (await import('../test/fake-auth-client')).fakeAuth.client,
}));

function Page({ heading }: { heading: string }) {
  return (
    <Providers>
      <h1>{heading}</h1>
      <button type="button" onClick={() => toast.success('Profile saved')}>
        Save
      </button>
    </Providers>
  );
}

describe('toasts', () => {
  afterEach(() => fakeAuth.reset());

  it('keeps a toast raised before the page was idle when the page then renders again', async () => {
    fakeAuth.session = signedInAs('Ada Lovelace');
    const { rerender } = render(<Page heading="Ada Lovelace" />);
    // Sent at once: the toasts' code is fetched for this toast, not yet for the idle page.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeVisible();

    // The save renamed the person: everything under the providers renders again.
    fakeAuth.session = signedInAs('Ada King');
    rerender(<Page heading="Ada King" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText('Profile saved')).toBeVisible();
  });
});
