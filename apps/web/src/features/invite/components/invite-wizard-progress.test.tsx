import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import {
  clickButton,
  dayCard,
  field,
  fill,
  INVITE_CODE,
  openWizard,
  reachStep,
  STRONG_PASSWORD,
  stepHeading,
  stubValidInvite,
  VALID_PERSONAL,
  VALID_SHOP,
} from '../testing/invite-flow';

const AVAILABILITY_REQUIRED = 'Please set at least one day of availability';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything this tab keeps in sessionStorage, as one string. */
const storedText = () =>
  Object.keys(sessionStorage)
    .map((key) => `${key}=${sessionStorage.getItem(key)}`)
    .join('\n');

/** A reload or a closed tab: true when the page asked the browser to warn first. */
function unloadIsPrevented() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('invite wizard: progress survives a reload', () => {
  it('comes back on the same step with every answer but the passwords', async () => {
    const first = await openWizard();
    await reachStep(first.user, 3);
    await first.user.click(within(dayCard('Tuesday')).getByRole('switch', { name: 'Tuesday' }));
    const { pathname, search } = first.router.state.location;
    expect(search).toBe('?step=3');
    first.unmount();

    // The reload: the same URL rendered afresh, with the same sessionStorage.
    stubValidInvite();
    const second = renderApp({ route: `${pathname}${search}` });
    expect(await stepHeading('Business Hours')).toBeInTheDocument();
    expect(within(dayCard('Tuesday')).getByRole('switch', { name: 'Tuesday' })).toBeChecked();
    expect(within(dayCard('Tuesday')).getByText('09:00 – 17:00')).toBeInTheDocument();
    expect(screen.getByText(/your password was not kept/)).toBeInTheDocument();

    await clickButton(second.user, 'Previous');
    expect(await stepHeading('Shop Details')).toBeInTheDocument();
    expect(field('Business name')).toHaveValue(VALID_SHOP['Business name']);
    await clickButton(second.user, 'Previous');
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Niamh');
    expect(field('Address')).toHaveValue(VALID_PERSONAL.Address);
    expect(field('Password')).toHaveValue('');
    expect(field('Confirm password')).toHaveValue('');
  });

  it('never keeps the password or its confirmation', async () => {
    const { user } = await openWizard();
    await fill(user, VALID_PERSONAL);
    await clickButton(user, 'Continue');
    await stepHeading('Shop Details');
    await waitFor(() => expect(storedText()).toContain('Niamh'));
    expect(storedText()).toContain(INVITE_CODE);
    expect(storedText()).not.toContain(STRONG_PASSWORD);
    expect(storedText()).not.toMatch(/"(password|confirmPassword)"/);
  });

  it('ends the draft after a successful registration', async () => {
    const { user, api } = await openWizard();
    await reachStep(user, 4);
    api.on('POST', '/api/auth/register-with-invite', jsonResponse(201, { message: 'ok' }));
    await clickButton(user, 'Complete Registration');
    await screen.findByRole('heading', { name: 'Confirm Your Account' });
    expect(storedText()).toBe('');
    expect(unloadIsPrevented()).toBe(false);
  });
});

describe('invite wizard: the browser Back button', () => {
  it('steps back a step instead of leaving the page', async () => {
    const { user, router } = await openWizard();
    await reachStep(user, 3);
    await router.back();
    const heading = await stepHeading('Shop Details');
    await waitFor(() => expect(heading).toHaveFocus());
    await router.back();
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invite/${INVITE_CODE}`);
    expect(field('Password')).toHaveValue(STRONG_PASSWORD);
  });
});

describe('invite wizard: leaving unfinished', () => {
  it('warns before a reload or close, and asks before another page, once something is typed', async () => {
    const { user, router } = await openWizard();
    expect(unloadIsPrevented()).toBe(false);
    await fill(user, { 'First name': 'Niamh' });
    expect(unloadIsPrevented()).toBe(true);

    await router.navigate('/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    expect(router.state.location.pathname).toBe(`/invite/${INVITE_CODE}`);
    expect(field('First name')).toHaveValue('Niamh');
  });
});

describe('invite wizard: leaving after a reload', () => {
  const PASSWORD_AGAIN = /you will need to enter your password again/;

  /** Step 1 answered as given, then the page reloaded (the draft restored). */
  async function reloadWith(personal: Record<string, string>) {
    const first = await openWizard();
    await fill(first.user, personal);
    await waitFor(() => expect(storedText()).toContain('Niamh'));
    first.unmount();
    stubValidInvite();
    const second = renderApp({ route: `/invite/${INVITE_CODE}` });
    await stepHeading('Personal Information');
    return second;
  }

  it('does not speak of a password when none was ever typed', async () => {
    const { user, router } = await reloadWith({ 'First name': 'Niamh' });
    await router.navigate('/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).not.toHaveTextContent(PASSWORD_AGAIN);
    expect(dialog).toHaveTextContent('Your registration is not finished.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    expect(router.state.location.pathname).toBe(`/invite/${INVITE_CODE}`);
  });

  it('says the password must be typed again when one was typed before the reload', async () => {
    const { router } = await reloadWith({ 'First name': 'Niamh', Password: STRONG_PASSWORD });
    await router.navigate('/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent(PASSWORD_AGAIN);
  });

  it('says so when a password is typed after the reload', async () => {
    const { user, router } = await reloadWith({ 'First name': 'Niamh' });
    await fill(user, { Password: STRONG_PASSWORD });
    await router.navigate('/privacy-policy');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent(PASSWORD_AGAIN);
  });
});

describe('invite wizard: step 3 says what is missing when it can help', () => {
  it('says nothing about availability before Continue, even after days are switched on and off', async () => {
    const { user } = await openWizard();
    await reachStep(user, 3);
    await pause(500);
    expect(screen.queryByText(AVAILABILITY_REQUIRED)).toBeNull();

    const monday = within(dayCard('Monday')).getByRole('switch', { name: 'Monday' });
    await user.click(monday);
    await user.click(monday);
    await pause(500);
    expect(screen.queryByText(AVAILABILITY_REQUIRED)).toBeNull();

    await clickButton(user, 'Continue');
    expect(await screen.findByText(AVAILABILITY_REQUIRED)).toBeInTheDocument();
    await user.click(monday);
    await waitFor(() => expect(screen.queryByText(AVAILABILITY_REQUIRED)).toBeNull());
  });
});
