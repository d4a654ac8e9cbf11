import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { applyFieldErrors } from './form-errors';

describe('applyFieldErrors', () => {
  it('sets the listed fields the server named, and only those', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'validation', 'Check the form.', {
      phone: 'Enter a phone number.',
      role: 'Not allowed.',
    });
    expect(applyFieldErrors(error, setError, ['phone', 'address'])).toBe(true);
    expect(setError.mock.calls).toEqual([['phone', { message: 'Enter a phone number.' }]]);
  });

  it('leaves the form alone for errors without field messages', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(new ApiError(409, 'conflict', 'Sold out.'), setError, ['phone'])).toBe(
      false,
    );
    expect(applyFieldErrors(new Error('offline'), setError, ['phone'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
