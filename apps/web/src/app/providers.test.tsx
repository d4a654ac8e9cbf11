import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/page/toast';
import { fakeAuth, signedInAs } from '../test/fake-auth-client';
import { Providers } from './providers';

// The toasts keep their state in their modules (whether one was asked for, whether the code is
// here): each case that starts from none is a file of its own (providers-early-toast.test.tsx).
vi.mock('../lib/auth/auth-client', async () => ({
  authClient: (await import('../test/fake-auth-client')).fakeAuth.client,
}));

describe('toasts', () => {
  afterEach(() => fakeAuth.reset());

  it("shows a signed-in person's first toast, with nothing of it on the page before", async () => {
    fakeAuth.session = signedInAs('Ada Lovelace');
    // The toasts' code at hand at once, as it is once fetched: the wait below is for the page.
    await import('react-toastify');
    render(
      <Providers>
        <button type="button" onClick={() => toast.success('Profile saved')}>
          Save
        </button>
      </Providers>,
    );
    // The page goes idle: the toasts' code is fetched then, but nothing is added to the page
    // (no container, no stylesheet) until a toast is raised.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.querySelector('.Toastify')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeVisible();
  });
});
