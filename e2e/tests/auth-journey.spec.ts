import { expect, readCode, test, uniqueEmail } from './fixtures';
import { shootBothWidths } from './screenshots';

const PASSWORD = 'Barber1!';
const NEW_PASSWORD = 'Fresh2Cut!';

test('sign up, confirm from the outbox, log out, reset the password and sign in again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();

  await page.goto('/');
  await shootBothWidths(page, 'landing');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await shootBothWidths(page, 'auth-signup');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('First name').fill('Siobhan');
  await page.getByLabel('Last name').fill('Murphy');
  await page.getByLabel('Mobile number').fill('7123456789');
  await page.getByLabel('Date of birth').fill('1994-05-17');
  await page.getByLabel('Address line 1').fill('12 Botanic Avenue');
  await page.getByLabel('Town').fill('Belfast');
  await page.getByLabel('Postcode').fill('BT7 1JL');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm', exact: true })).toBeVisible();
  await shootBothWidths(page, 'auth-confirm');
  const signUpCode = await readCode(request, email);
  await page.getByLabel('Confirmation code digit 1').click();
  await page.keyboard.type(signUpCode.code);
  await page.getByRole('button', { name: 'Confirm Account' }).click();

  // Confirm signs in automatically and goes to the landing page.
  await expect(page).toHaveURL(/\/$/);
  const logout = page.getByRole('button', { name: 'Logout' }).or(page.getByRole('link', { name: 'Logout' }));
  await expect(logout.first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible();

  await logout.first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await shootBothWidths(page, 'auth-login');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await shootBothWidths(page, 'auth-forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();

  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await shootBothWidths(page, 'auth-reset');
  const resetCode = await readCode(request, email, signUpCode.id);
  await page.getByLabel('Reset code').fill(resetCode.code);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('checkbox', { name: /Remember me/ }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(logout.first()).toBeVisible();

  // Remember-me keeps the tokens in localStorage: a new tab of the same browser is still signed in.
  const secondTab = await page.context().newPage();
  await secondTab.goto('/');
  await expect(
    secondTab
      .getByRole('button', { name: 'Logout' })
      .or(secondTab.getByRole('link', { name: 'Logout' }))
      .first(),
  ).toBeVisible();
  await secondTab.close();
});

test('without remember-me the session lives in this tab only', async ({ page, request, browser }) => {
  const email = uniqueEmail('tab');
  const register = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Ciaran',
      lastName: 'Kelly',
      address: '3 Shipquay Street, Derry, BT48 6DQ',
      birthdate: '1988-02-11',
      phoneNumber: '+447700900123',
      userType: 'User',
    },
  });
  expect(register.status()).toBe(201);
  const { code } = await readCode(request, email);
  expect((await request.post('/api/auth/confirm-signup', { data: { username: email, code } })).status()).toBe(
    200,
  );

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);

  // A fresh browser context (another window) is signed out, and /profile sends it to /login.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/profile');
  // Back to the profile after signing in (api-contract §9.1).
  await expect(otherPage).toHaveURL(/\/login\?next=%2Fprofile$/);
  await other.close();
});

test('an unconfirmed account that signs in is sent to the confirm view with a new code', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unconfirmed');
  const register = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Aoife',
      lastName: 'Byrne',
      address: '1 Main Street, Newry, BT34 1AA',
      birthdate: '1999-09-09',
      phoneNumber: '+353851234567',
      userType: 'User',
    },
  });
  expect(register.status()).toBe(201);
  const first = await readCode(request, email);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm', exact: true })).toBeVisible();

  // The resend on login voided the first code; the newest one confirms.
  const second = await readCode(request, email, first.id);
  expect(second.code).not.toBe('');
  await page.getByLabel('Confirmation code digit 1').click();
  await page.keyboard.type(second.code);
  await page.getByRole('button', { name: 'Confirm Account' }).click();
  await expect(page).toHaveURL(/\/$/);
});
