import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profileMessages, type Profile } from '@voltforge/contract/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPageAt, slow, stubFetch } from '../../../test/page-harness';
import { ProfileForm } from './profile-form';

vi.mock('../../../lib/auth/auth-client', () => ({
  authClient: { useSession: () => ({ data: null, refetch: vi.fn() }) },
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

const profile: Profile = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  img: null,
  about: null,
  education: null,
  profession: 'Engineer',
  address: '42 Circuit Road',
  phone: '15550102030',
  linkedin: 'https://www.linkedin.com/in/ada',
  company: null,
  taxId: null,
};

const saveUrl = `/api/user/${encodeURIComponent(profile.email)}`;
let fetchMock: ReturnType<typeof stubFetch>;
const saves = () => fetchMock.mock.calls.filter(([url]) => url === saveUrl);

function renderForm(save: (body: Record<string, unknown>) => Response) {
  fetchMock = stubFetch((url, init) =>
    url === saveUrl && init?.method === 'POST'
      ? save(JSON.parse(init.body as string) as Record<string, unknown>)
      : undefined,
  );
  return renderPageAt('/profile', <ProfileForm userId="u1" profile={profile} />, '/profile');
}

describe('The profile form’s invoice fields', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('offers Company and VAT / tax id as optional, labelled fields', async () => {
    renderForm(() => json(500, {}));
    const company = await screen.findByLabelText('Company', undefined, slow);
    const taxId = screen.getByLabelText('VAT / tax id');
    expect(company).not.toBeRequired();
    expect(taxId).not.toBeRequired();
    expect(company).toHaveAccessibleDescription('Optional. Printed on your invoices.');
    expect(taxId).toHaveAccessibleDescription(/^Optional\./);
    expect(company).toHaveValue('');
    expect(taxId).toHaveValue('');
  });

  it('refuses a tax id of no known shape under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm(() => json(500, {}));
    const taxId = await screen.findByLabelText('VAT / tax id', undefined, slow);
    await user.type(taxId, '12345');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(taxId).toHaveAttribute('aria-invalid', 'true'));
    expect(taxId).toHaveAccessibleDescription(
      expect.stringContaining(profileMessages.taxIdInvalid),
    );
    expect(screen.getByLabelText('Company')).not.toHaveAttribute('aria-invalid');
    expect(saves()).toHaveLength(0);
  });

  it('sends the company and the tax id in the shape invoices print, and shows what was saved', async () => {
    const user = userEvent.setup();
    renderForm((body) => json(200, { ...profile, company: body.company, taxId: body.taxId }));
    await user.type(
      await screen.findByLabelText('Company', undefined, slow),
      'Analytical Engines Ltd',
    );
    await user.type(screen.getByLabelText('VAT / tax id'), 'de 123 456 789');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]![1]!.body as string)).toMatchObject({
      company: 'Analytical Engines Ltd',
      taxId: 'DE123456789',
    });
    await waitFor(() => expect(screen.getByLabelText('VAT / tax id')).toHaveValue('DE123456789'));
  });

  it("shows the server's message for a field under that field", async () => {
    const user = userEvent.setup();
    renderForm(() =>
      json(400, {
        error: {
          code: 'bad_request',
          message: profileMessages.companyTooLong,
          fields: { company: profileMessages.companyTooLong },
        },
      }),
    );
    const company = await screen.findByLabelText('Company', undefined, slow);
    await user.type(company, 'Analytical Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(company).toHaveAttribute('aria-invalid', 'true'));
    expect(company).toHaveAccessibleDescription(
      expect.stringContaining(profileMessages.companyTooLong),
    );
  });
});
