import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { registerCustomer } from './fixtures';

const RATINGS_MESSAGE = 'Ratings must be a whole number from 1 to 5';

interface ReviewJson {
  _id: string;
  user: string;
  ratings: number;
  comment: string;
  profile: string | null;
}

async function latestReviews(page: Page): Promise<ReviewJson[]> {
  const res = await page.request.get('/api/review?limit=50');
  expect(res.status()).toBe(200);
  return (await res.json()) as ReviewJson[];
}

/** Records every alert/confirm/prompt (each one would mean injected markup ran) and closes it. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

test.describe('Add Review', () => {
  test('refuses ratings 0 and 6 with a message, in the form and on the server', async ({
    page,
  }) => {
    await registerCustomer(page, 'Rita Ratings');
    await page.goto('/dashboard/addReview');
    await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();

    const ratings = page.getByLabel('Ratings');
    await expect(ratings).toHaveAttribute('placeholder', /not more than 5/);
    await page.getByLabel('Comment').fill('Too many stars');
    for (const value of ['6', '0']) {
      await ratings.fill(value);
      await page.getByRole('button', { name: 'Add Review' }).click();
      await expect(page.getByText(RATINGS_MESSAGE)).toBeVisible();
      await expect(ratings).toHaveAttribute('aria-invalid', 'true');
    }
    expect((await latestReviews(page)).some((r) => r.comment === 'Too many stars')).toBe(false);

    // The same rule holds for a client that skips the form.
    for (const value of [6, 0]) {
      const res = await page.request.post('/api/review', {
        data: { ratings: value, comment: 'Too many stars' },
      });
      expect(res.status()).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.ratings).toBe(RATINGS_MESSAGE);
    }
  });

  test('a review shows on the home page under the author name, markup as plain text', async ({
    page,
  }) => {
    const dialogs = watchDialogs(page);
    const who = await registerCustomer(page, 'Riley Reviewer');
    // Load the home grid first, then move around inside the app: the grid's cached list must be
    // refreshed once the review is added.
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Customer reviews' })).toBeVisible();
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Add Review' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/addReview$/);

    const userName = page.getByLabel('User name');
    await expect(userName).toHaveValue(who.name);
    await expect(userName).toHaveAttribute('readonly', '');

    // Short enough that the grid's 50-character preview shows all of it.
    const tag = randomUUID().slice(0, 6);
    const comment = `<img src=x onerror=alert(1)> Crimper ${tag} rocks`;
    await page.getByLabel('Ratings').fill('4');
    await page.getByLabel('Comment').fill(comment);
    await page.getByRole('button', { name: 'Add Review' }).click();

    await expect(page.getByText('Review added successfully')).toBeVisible();
    // The form is reset for the next review.
    await expect(page.getByLabel('Comment')).toHaveValue('');
    await expect(page.getByLabel('Ratings')).toHaveValue('');
    await expect(userName).toHaveValue(who.name);

    const [newest] = await latestReviews(page);
    expect(newest).toMatchObject({ user: who.name, ratings: 4, comment });

    await mainNav.getByRole('link', { name: 'Review' }).click();
    const reviews = page.locator('#reviews');
    const card = reviews.getByRole('listitem').filter({ hasText: tag });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(who.name);
    await expect(card).toContainText(comment);
    await expect(card.getByRole('img', { name: /\b4 (out )?of 5\b/i })).toBeVisible();
    await expect(reviews.locator('img[src="x"]')).toHaveCount(0);

    // A fresh load renders it the same way, and nothing it holds has run.
    await page.reload();
    await expect(card).toContainText(comment);
    await expect(reviews.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('Update Your Profile', () => {
  test('validates, saves, updates the navbar at once and loads back', async ({ page }) => {
    const who = await registerCustomer(page, 'Pat Profile');
    const header = page.getByRole('banner');
    await expect(header).toContainText('Pat Profile');

    // The avatar menu's profile entry leads to the page.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: /Profile/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/updateProfile$/);
    await expect(page.getByRole('heading', { name: 'Update Your Profile' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pat Profile');

    const update = page.getByRole('button', { name: 'Update' });
    await update.click();
    await expect(page.getByText('Profession is required')).toBeVisible();
    await expect(page.getByText('Address is required')).toBeVisible();
    await expect(page.getByText('Phone is required')).toBeVisible();
    await expect(page.getByText('Linkedin is required')).toBeVisible();

    await page.getByLabel('Profession').fill('Field electrician');
    await page.getByLabel('Address', { exact: true }).fill('7 Circuit Lane, Ampton');
    await page.getByLabel('Phone').fill('call me');
    await page.getByLabel('Linkedin').fill('linkedin.com/in/pat');
    await update.click();
    await expect(page.getByText(/Provide a valid phone number/)).toBeVisible();
    await expect(page.getByText(/Linkedin must be a URL/)).toBeVisible();

    const photo = new URL('/favicon.svg', page.url()).toString();
    await page.getByLabel('Name', { exact: true }).fill('Patricia Profile');
    await page.getByLabel('Phone').fill('15551234567');
    await page.getByLabel('Linkedin').fill('https://www.linkedin.com/in/pat-profile');
    await page.getByLabel('Education').fill('Trade school');
    await page.getByLabel('About').fill('Wires houses & <b>factories</b>.');
    await page.getByLabel('Photo URL').fill(photo);
    await update.click();

    await expect(page.getByText('update Successfully')).toBeVisible();
    // No reload: the navbar follows the session at once.
    await expect(header).toContainText('Patricia Profile');
    await expect(header.locator(`img[src="${photo}"]`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of Patricia Profile' })).toBeVisible();

    // Another visit loads the saved values back.
    await page.goto('/');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Patricia Profile');
    await expect(page.getByLabel('Profession')).toHaveValue('Field electrician');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('7 Circuit Lane, Ampton');
    await expect(page.getByLabel('Phone')).toHaveValue('15551234567');
    await expect(page.getByLabel('Linkedin')).toHaveValue(
      'https://www.linkedin.com/in/pat-profile',
    );
    await expect(page.getByLabel('Education')).toHaveValue('Trade school');
    await expect(page.getByLabel('About')).toHaveValue('Wires houses & <b>factories</b>.');
    await expect(page.getByLabel('Photo URL')).toHaveValue(photo);
    await page.reload();
    await expect(header).toContainText('Patricia Profile');
    await expect(page.getByText(who.email).first()).toBeVisible();
  });
});
