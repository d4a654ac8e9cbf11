import { screen } from '@testing-library/react';
import type { Quote } from '@voltforge/contract/quote';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-route';
import { QuoteOutcome } from './quote-decision';

const quote = (change: Partial<Quote>): Quote => ({
  id: 'q1',
  number: 'Q-2026-000009',
  state: 'sent',
  createdAt: '2026-11-20T10:00:00.000Z',
  requestedBy: { id: 'u1', name: 'Rita Buyer', email: 'rita@example.com' },
  company: null,
  source: 'cart',
  project: null,
  alternatesOk: false,
  neededBy: null,
  note: '',
  lines: [],
  revisions: [
    {
      revision: 1,
      sentAt: '2026-11-21T10:00:00.000Z',
      sentBy: 'Sam Staff',
      validUntil: '2026-11-27',
      expiresAt: '2026-11-28T00:00:00.000Z',
      freight: 0,
      taxRate: 0,
      note: '',
      offers: [],
    },
  ],
  messages: [],
  declineReason: null,
  accepted: null,
  ...change,
});

describe('a quote the buyer can no longer order', () => {
  it('says an expired quote expired at the end of its last day and offers to ask again', () => {
    renderRoutes(
      [{ path: '/', element: <QuoteOutcome quote={quote({ state: 'expired' })} /> }],
      '/',
    );
    expect(screen.getByText(/This quote expired at the end of Nov 27, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ask again with the same lines' })).toHaveAttribute(
      'href',
      '/dashboard/quotes?copy=q1',
    );
    expect(screen.queryByRole('form', { name: 'Accept the quote' })).toBeNull();
  });

  it('names the order an accepted quote became', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <QuoteOutcome
              quote={quote({
                state: 'accepted',
                accepted: { revision: 1, order: { id: 'o1', number: 'VF-10042' } },
              })}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You accepted revision 1: it is order VF-10042.',
    );
  });
});
