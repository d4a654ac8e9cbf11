import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BannerCarousel } from './banner-carousel';

function currentTitle() {
  return screen.getByRole('heading', { level: 2 }).textContent;
}

// Generous: simulated clicks in jsdom are slow when the machine is busy with other suites.
describe('BannerCarousel', { timeout: 15_000 }, () => {
  it('wraps from the first slide back to the last and forward again', async () => {
    const user = userEvent.setup({ delay: null });
    render(<BannerCarousel />, { wrapper: MemoryRouter });
    expect(currentTitle()).toBe('See every signal, measure every volt');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentTitle()).toBe('Power you can dial in');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentTitle()).toBe('See every signal, measure every volt');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentTitle()).toBe('See every signal, measure every volt');
  });

  it('moves with the arrow keys while focus is inside it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<BannerCarousel />, { wrapper: MemoryRouter });
    screen.getByRole('button', { name: 'Next slide' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(currentTitle()).toBe('Power you can dial in');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(currentTitle()).toBe('Clean joints, first time');
  });

  it('hides the slides that are not showing from everyone', () => {
    render(<BannerCarousel />, { wrapper: MemoryRouter });
    expect(screen.getAllByRole('group', { hidden: false })).toHaveLength(1);
    expect(screen.getByRole('group')).toHaveAccessibleName('1 of 3: Test and measurement');
  });
});
