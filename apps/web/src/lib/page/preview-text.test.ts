import { describe, expect, it } from 'vitest';
import { previewText } from './preview-text';

describe('previewText', () => {
  it('keeps text at or under the limit as it is, with no ellipsis', () => {
    expect(previewText('a'.repeat(100), 100)).toBe('a'.repeat(100));
    expect(previewText('short', 50)).toBe('short');
  });

  it('cuts longer text to the limit and adds an ellipsis', () => {
    expect(previewText('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}…`);
    expect(previewText('The meters arrived two days after ordering today', 19)).toBe(
      'The meters arrived…',
    );
  });

  it('never splits a character made of two code units', () => {
    expect(previewText('⚡⚡⚡', 2)).toBe('⚡⚡…');
  });
});
