import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const hostile = [
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  'evil.example',
  '',
];

describe('redirectTarget', () => {
  it.each(hostile)('falls back home for ?next=%j', (value) => {
    expect(redirectTarget(null, `?${new URLSearchParams({ next: value })}`)).toBe('/');
  });

  it.each(hostile)('falls back home for state.from.pathname %j', (value) => {
    expect(redirectTarget({ from: { pathname: value } })).toBe('/');
  });

  it('refuses a state.from whose search or hash smuggles a control character', () => {
    expect(redirectTarget({ from: { pathname: '/', search: '?\t/x' } })).toBe('/');
  });

  it('keeps a same-origin path with its query and hash', () => {
    expect(redirectTarget(null, `?${new URLSearchParams({ next: '/tool/abc?x=1#y' })}`)).toBe(
      '/tool/abc?x=1#y',
    );
    expect(redirectTarget({ from: { pathname: '/tool/abc', search: '?x=1', hash: '#y' } })).toBe(
      '/tool/abc?x=1#y',
    );
  });

  it('prefers state.from over ?next= and falls back to ?next= when state.from is unsafe', () => {
    const search = `?${new URLSearchParams({ next: '/dashboard' })}`;
    expect(redirectTarget({ from: { pathname: '/order/1' } }, search)).toBe('/order/1');
    expect(redirectTarget({ from: { pathname: '//evil.example' } }, search)).toBe('/dashboard');
    expect(redirectTarget(undefined)).toBe('/');
  });
});
