import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checksUnavailableMessage, zodChecks } from './lazy-resolver';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const schema = z.object({ email: z.email('Enter a valid email address') });

/** A one-field form checked by `checks`, as the shop's forms are. */
function EmailForm({
  checks,
  onValid,
}: {
  checks: ReturnType<typeof zodChecks<typeof schema>>;
  onValid: (email: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: checks.resolver, defaultValues: { email: '' } });
  return (
    <form
      noValidate
      onFocus={checks.preload}
      onSubmit={(event) => void handleSubmit(({ email }) => onValid(email))(event)}
    >
      <label>
        Email
        <input {...register('email')} />
      </label>
      {errors.email && <p>{errors.email.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('form checks fetched on first use', () => {
  it('fetches the schema once, when the form is first focused, and checks with it', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const onValid = vi.fn();
    render(<EmailForm checks={zodChecks(load)} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('buyer@example.com'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a send before the schema is fetched waits for it', async () => {
    let arrive: (value: typeof schema) => void = () => undefined;
    const load = () => new Promise<typeof schema>((resolve) => (arrive = resolve));
    const onValid = vi.fn();
    render(<EmailForm checks={zodChecks(load)} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).not.toHaveBeenCalled();
    arrive(schema);
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('buyer@example.com'));
  });

  it('a schema that cannot be fetched says so, sends nothing, and is fetched again next time', async () => {
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve(schema)
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const onValid = vi.fn();
    render(<EmailForm checks={zodChecks(load)} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(checksUnavailableMessage));
    // Said as an unreachable server is said everywhere, not as a form that is wrong.
    expect(checksUnavailableMessage).toMatch(/^Could not reach the server\./);
    expect(onValid).not.toHaveBeenCalled();

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('buyer@example.com'));
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('fetches the checks at once when something was typed or sent before the page hydrated', () => {
    // The boot script marks the root and announces it (src/boot/held-taps.ts).
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    try {
      const before = vi.fn(() => Promise.resolve(schema));
      zodChecks(before);
      expect(before).not.toHaveBeenCalled();
      root.setAttribute('data-held', '');
      root.dispatchEvent(new Event('voltforge:held', { bubbles: true }));
      expect(before).toHaveBeenCalledTimes(1);

      // A form whose code arrives while something is held: fetched as it is made.
      const after = vi.fn(() => Promise.resolve(schema));
      zodChecks(after);
      expect(after).toHaveBeenCalledTimes(1);
    } finally {
      root.remove();
    }
  });
});
