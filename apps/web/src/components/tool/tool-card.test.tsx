import { render, screen } from '@testing-library/react';
import type { Tool } from '@voltforge/contract/tool';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ToolCard } from './tool-card';

const tool: Tool = {
  _id: '7d0f1e52-8f6f-4c55-9d7c-0f4f3c1b2a10',
  name: 'VF-DM200 True-RMS Digital Multimeter',
  partNumber: 'VF-DM200',
  img: '/images/tools/vf-dm200.svg',
  price: 89.5,
  minOrderQuantity: 2,
  orderMultiple: 1,
  priceBreaks: [],
  inStock: 140,
  desc: 'x'.repeat(120),
  category: 'Measurement & Test',
  createdAt: new Date().toISOString(),
};

const renderCard = (t: Tool) => render(<ToolCard tool={t} />, { wrapper: MemoryRouter });

describe('ToolCard', { timeout: 15_000 }, () => {
  it('shows the spec fields and links Purchase to the order page', () => {
    renderCard(tool);
    expect(screen.getByRole('heading', { name: tool.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: tool.name })).toHaveAttribute('width', '800');
    expect(screen.getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Available Quantity').nextSibling).toHaveTextContent('140');
    expect(screen.getByText('$89.50')).toBeInTheDocument();
    expect(screen.getByText('NEW')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Purchase ${tool.name}` })).toHaveAttribute(
      'href',
      `/tool/${tool._id}`,
    );
  });

  it('shows the price breaks and the order multiple when the tool has them', () => {
    renderCard({
      ...tool,
      orderMultiple: 2,
      priceBreaks: [
        { quantity: 25, price: 84 },
        { quantity: 100, price: 79 },
      ],
    });
    expect(screen.getByText('Price breaks').nextSibling).toHaveTextContent(
      '2+ $89.50 · 25+ $84.00 · 100+ $79.00',
    );
    expect(screen.getByText('Order multiple').nextSibling).toHaveTextContent('2 pcs.');
  });

  it('shows no break table for a tool with one price', () => {
    renderCard(tool);
    expect(screen.queryByText('Price breaks')).not.toBeInTheDocument();
    expect(screen.queryByText('Order multiple')).not.toBeInTheDocument();
  });

  it('drops the NEW badge once the tool is older than 30 days', () => {
    renderCard({ ...tool, createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
  });

  it('says out of stock and offers no purchase when stock cannot cover the minimum', () => {
    renderCard({ ...tool, inStock: 1 });
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Purchase/ })).not.toBeInTheDocument();
    // Still reachable: its name opens its page (batches, back-order terms, reviews).
    expect(screen.getByRole('link', { name: tool.name })).toHaveAttribute(
      'href',
      `/tool/${tool._id}`,
    );
  });
});
