/**
 * Users as a workspace admin runs them (docs/users.md): the team filtered and paged (filters in the address),
 * an invitation by e-mail with the §8 message for oneself first, the invited person signing in and working,
 * a role changed and a person removed; in Arabic at 375 px the list and the dialog read right to left.
 * Each test acts on a merchant of its own.
 */
import { expect, test, type Page } from './test';
import { shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

const ADMIN_FLAGS = {
  is_account_edit_allowed: true,
  has_merchant_access: true,
  has_store_access: true,
  is_disputes_allowed: true,
};

/** A merchant with its admin (signed in on the page) and `team` more people, supervisors and settlements. */
async function workspace(page: Page, team = 2) {
  const tag = `${Date.now().toString(36)}${uniqueDigits(4)}`;
  const merchant = `mer-e2e-usr-${tag}`;
  const admin = {
    id: `acc-e2e-usr-${tag}`,
    email: `admin-${tag}@e2e.example`,
    phone: `+96656${uniqueDigits(7)}`,
  };
  const people = Array.from({ length: team }, (_, i) => ({
    id: `acc-e2e-usr-${tag}-${i}`,
    email: `person${String(i).padStart(2, '0')}-${tag}@e2e.example`,
    first_name: `Person${String(i).padStart(2, '0')}`,
    last_name: 'Tester',
  }));
  const res = await page.request.post('/dev/fixtures', {
    data: {
      accounts: [{ ...admin, first_name: 'Sara', last_name: 'Admin' }, ...people],
      merchants: [{ id: merchant, name: `Team ${tag}`, country: 'SAU' }],
      permissions: [
        { account_id: admin.id, merchant_id: merchant, role: 'workspace_admin', flags: ADMIN_FLAGS },
        ...people.map((p, i) => ({
          account_id: p.id,
          merchant_id: merchant,
          role: i % 2 === 0 ? 'supervisor' : 'settlements',
          flags: { has_merchant_access: true, has_store_access: true },
        })),
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(page.request, admin);
  return { tag, admin, people, merchant };
}

test.describe('users', () => {
  test.skip(({ isMobile }) => isMobile, 'behaviour: desktop project');

  test('filter and page the team; the filters stay in the address', async ({ page }) => {
    const { people } = await workspace(page, 21);
    await page.goto('/users?lang=en');
    const rows = page.getByTestId('users').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('1–20 of 22 people')).toBeVisible();
    await expect(rows.first()).toContainText('Sara Admin (you)');
    await expect(rows.first().getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows).toHaveCount(2);
    await expect(page).toHaveURL(/page=2/);

    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Settlements' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/role=settlements/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows).toHaveCount(10);
    await page.getByRole('textbox', { name: 'Search' }).fill('person03');
    await expect(page).toHaveURL(/q=person03/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(people[3]!.email);
    await shot(page, 'users-list-en');
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('person03');
    await page.getByRole('textbox', { name: 'Search' }).fill('nobody-like-this');
    await expect(page.getByText('Nobody matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  test('invite by e-mail; the person signs in and works; change their role; remove them', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people, each signing in, and five changes in one story
    const { admin, tag } = await workspace(page, 0);
    await page.goto('/users?lang=en');
    await page.getByRole('button', { name: 'Invite user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Enter an e-mail address', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Choose a role')).toBeVisible();
    // The only store is chosen already.
    await expect(dialog.getByRole('checkbox', { name: `Team ${tag}` })).toBeChecked();

    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(admin.email);
    await dialog.getByRole('radio', { name: /^Supervisor/ }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('You can’t invite yourself.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(admin.email);

    const invited = { email: `invited-${tag}@e2e.example`, phone: `+96658${uniqueDigits(7)}` };
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(invited.email);
    await shot(page, 'users-invite-en');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${invited.email} is invited. They can sign in now.`)).toBeVisible();
    const row = page.getByTestId('users').locator(`[data-row="${invited.email}"]`);
    await expect(row).toContainText('Supervisor');
    await expect(row.locator('[data-status="invited"]')).toHaveText('Invited');

    // The invited person signs in with the normal sign-in (a second factor set up) and sees the merchant's disputes.
    const theirs = await browser.newContext();
    try {
      const person = await theirs.newPage();
      await signInWith(person.request, invited);
      await person.goto('/disputes?lang=en');
      await expect(person.getByRole('heading', { name: 'Disputes' })).toBeVisible();
      await person.goto('/users?lang=en');
      await expect(person).not.toHaveURL(/\/users/);
    } finally {
      await theirs.close();
    }
    await page.reload();
    await expect(row.locator('[data-status="active"]')).toHaveText('Active');

    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Change role and stores' }).click();
    const edit = page.getByRole('dialog', { name: 'Change access' });
    await expect(edit.getByRole('radio', { name: /^Supervisor/ })).toBeChecked();
    await edit.getByRole('radio', { name: /^Settlements/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Settlements');

    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Remove from the team' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove from the team' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Nobody else is here yet. Invite the people who work with you.')).toHaveCount(
      0,
    );
    await expect(page.getByTestId('users').locator('tbody tr')).toHaveCount(1);
  });
});

test.describe('users in Arabic on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'layout: mobile project');

  test('the team and the invitation read right to left', async ({ page }) => {
    await workspace(page, 3);
    await page.goto('/users?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'المستخدمون' })).toBeVisible();
    await expect(page.getByTestId('users-cards').locator('[data-row]')).toHaveCount(4);
    await expect(page.getByTestId('users-cards').getByText('مشرف').first()).toBeVisible();
    await shot(page, 'users-list-ar-375');
    await page.getByRole('button', { name: 'دعوة مستخدم' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'دعوة مستخدم' });
    // The segmented control's radios are hidden behind their labels: a person taps the label.
    await dialog
      .locator('label')
      .filter({ hasText: /^الهاتف$/ })
      .click();
    await expect(dialog.getByRole('textbox', { name: 'رقم الهاتف' })).toBeVisible();
    await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
    await expect(dialog.getByText('أدخل رقم هاتف', { exact: true })).toBeVisible();
    await shot(page, 'users-invite-ar-375');
  });
});
