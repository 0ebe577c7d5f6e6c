import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_GOLFERS } from '../../tools/src/embedded/seed';
import { screenshot, seriousAccessibilityViolations, waitForMail } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

describe('accounts in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  const email = `golfer${Date.now()}@example.com`;
  const username = `golfer_${Date.now().toString(36)}`;
  const password = 'Birdie!2026';
  const newPassword = 'Eagle$2026x';
  const axeFindings: Record<string, string[]> = {};

  async function check(name: string) {
    await screenshot(page, name);
    axeFindings[name] = await seriousAccessibilityViolations(page);
  }

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('when a new person registers, verifies through the mailbox and logs in, then they see their profile', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();
    await check('01-home');
    // Signed out, the golfers are the built-in samples: invented, never a demo person's name.
    // A card's first paragraph is the golfer's name.
    const sampleNames = await page
      .getByTestId('golfer-card')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('p')?.textContent ?? ''));
    expect(sampleNames).toHaveLength(4);
    const sampleWords = new Set(sampleNames.join(' ').split(/\s+/));
    const demoNames = [...DEMO_ACCOUNTS, ...DEMO_GOLFERS].flatMap((p) => [p.first_name, p.last_name]);
    expect(demoNames.filter((name) => name && sampleWords.has(name))).toEqual([]);
    const footerAccount = page.locator('footer');
    await footerAccount.getByRole('link', { name: 'Register' }).waitFor();

    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/register');
    await check('02-register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Account Created Successfully!').waitFor();
    await modal.getByText(email).waitFor();
    expect(await modal.textContent()).toContain('24 hours');
    // The registration mail has just gone: another can be asked for in a minute, and the modal says so.
    const resend = modal.getByRole('button', { name: 'Resend Verification Email' });
    expect(await resend.isDisabled()).toBe(true);
    await modal
      .getByText(/^Please wait \d+ seconds? before asking for another verification email\.$/)
      .waitFor();
    await check('03-register-success-modal');

    const mail = await waitForMail(stack.url, email, /Verify your email/);

    // Without a session, the membership step asks them to log in and says why.
    await modal.getByRole('button', { name: 'Continue to Membership Selection' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Log in to choose your membership. New here? Verify your email first').waitFor();
    await check('03a-login-from-registration');

    // Logging in before verifying is refused with a way to get a new link.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByText(/verify your email/)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Resend verification email' }).waitFor();
    await check('03b-login-unverified');

    // Asked for again inside the minute, the resend page says how long to wait instead of 'sent'.
    await page.getByRole('link', { name: 'Resend verification email' }).click();
    await page.waitForURL('**/resend-verification');
    // The address changes before the new screen replaces the login form, whose Email field would
    // otherwise take the typing.
    await page.getByRole('heading', { name: 'Resend verification email' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await page
      .getByText(/^Please wait \d+ seconds? before asking for another verification email\.$/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send verification email' }).isDisabled()).toBe(true);
    expect(await page.textContent('body')).not.toContain('Verification email sent!');
    await check('03c-resend-wait');

    await page.goto(`${stack.url}/dev/mailbox`);
    await page.getByText(mail.subject).first().waitFor();
    await check('04-dev-mailbox');
    await page.getByRole('link', { name: mail.links[0]! }).first().click();

    await page.waitForURL('**/verify-email?token=*');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.getByText('Email verified successfully').waitFor();
    const verifiedAt = Date.now();
    await check('05-verify-email-success');
    // Onboarding needs a session; without one the guard sends the person to log in.
    await page.waitForURL('**/login', { timeout: 10_000 });
    // The page waits DELAYS_MS.afterVerifyRedirect (3 s) before moving on; a busy machine can see
    // the text a second late, so only a redirect that did not wait fails here.
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(1_500);
    // The verify page sent them to onboarding first, which asked them to log in, saying why.
    expect(visited.slice(0, 2)).toEqual(['/onboarding?verified=true', '/login']);
    await page.getByText('Email verified — log in to choose your membership.').waitFor();
    await check('06-login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back where the link was taking them: onboarding, with the verified notice.
    await page.waitForURL('**/onboarding?verified=true');
    await page.getByText('Email verified successfully').waitFor();
    await page.getByRole('heading', { name: 'Choose your membership' }).waitFor();
    await page.getByTestId('plan-annual').waitFor();
    await check('07-onboarding');
    await page.getByRole('link', { name: "I'll choose a membership later" }).click();
    await page.waitForURL('**/profile?welcome=true');
    await page.getByRole('heading', { name: 'About Me' }).waitFor();
    const about = await page.getByText('Membership').first().locator('..').textContent();
    expect(about).toContain('Free');
    expect(await page.textContent('body')).toContain(`@${username}`);
    expect(await page.textContent('body')).toContain(`${email.slice(0, 2)}`);
    expect(await page.textContent('body')).not.toContain(email);
    await check('08-profile');

    // Signed in, the home page and the footer offer what fits an account holder, not registering.
    await page.getByRole('link', { name: 'LinksMate home' }).click();
    await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();
    await page.getByRole('link', { name: 'My Profile' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    expect(await footerAccount.getByRole('link', { name: 'Register' }).count()).toBe(0);
    expect(await footerAccount.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await footerAccount.getByRole('button', { name: 'Logout' }).waitFor();
    await footerAccount.getByRole('link', { name: 'Membership' }).waitFor();
    await check('08b-home-signed-in');
    await page.getByRole('main').getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/profile');
  });

  it('when they forget the password, then the mailed link resets it and the new one logs in', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await check('09-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If this email exists, you will receive a password reset link.').waitFor();
    expect(await page.textContent('body')).toContain('15 minutes');
    await check('10-forgot-password-sent');

    const mail = await waitForMail(stack.url, email, /Reset your LinksMate password/);
    await page.goto(mail.links[0]!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await check('11-reset-password');
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('Mismatch!123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset successfully! Redirecting to login...').waitFor();
    await page.waitForURL('**/login');
    await page.getByText('Password reset successfully! You can now log in with your new password.').waitFor();
    await check('12-login-after-reset');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'About Me' }).waitFor();
  });

  it('when someone registers with an e-mail that has an account, then the form shows the same success as a new registration and the owner is mailed instead', async () => {
    const visitor = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const form = await visitor.newPage();
    await form.goto(`${stack.url}/register`);
    await form.getByLabel('Username').fill(`${username}_2`);
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByLabel(/^Password/).fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();
    const modal = form.getByRole('dialog');
    await modal.getByText('Account Created Successfully!').waitFor();
    expect(await form.getByText('An account with this email already exists.').count()).toBe(0);
    await screenshot(form, '02b-register-duplicate-email-390');
    axeFindings['02b-register-duplicate-email-390'] = await seriousAccessibilityViolations(form);
    const told = await waitForMail(stack.url, email, /Someone tried/);
    expect(told.links.some((link) => link.endsWith('/forgot-password'))).toBe(true);
    await visitor.close();
  });

  it('when the screens are checked with axe-core, then none has a serious or critical violation', async () => {
    for (const path of ['/resend-verification', '/verify-email', '/reset-password']) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
      await check(`13${path.replaceAll('/', '-')}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/`);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'My Profile' }).waitFor();
    await check('14-mobile-menu');
    expect(axeFindings).toEqual(Object.fromEntries(Object.keys(axeFindings).map((k) => [k, []])));
  });
});
