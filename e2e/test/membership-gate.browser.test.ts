import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoToken, logInAs, userIdOfToken } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

/** Demo golfers without a membership whom no other browser test signs in as: the grants stay theirs. */
const ZARA = 'zara_k@golfers.linksmate.dev';
const EMMA = 'emma_r@golfers.linksmate.dev';

/** The membership status the browser's stored token claims. */
const claimedStatus = async (page: Page): Promise<string | null> => {
  const token = (await page.evaluate("localStorage.getItem('token')")) as string | null;
  if (!token) return null;
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).membership_status ?? null;
};

describe('membership gate in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();

  async function grant(memberToken: string) {
    const adminToken = await demoToken(stack.url, 'admin@linksmate.dev');
    const res = await fetch(`${stack.url}/api/v1/admin/users/bulk-grant-membership`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: [userIdOfToken(memberToken)], membership_type: 'annual' }),
    });
    expect(res.status).toBe(200);
  }

  /** Logs a demo member without a membership in and shows that Find Players asks for one. */
  async function memberWithoutMembership(context: BrowserContext, email: string) {
    const page = await context.newPage();
    await logInAs(page, stack.url, email);
    await page.goto(`${stack.url}/players`);
    await page.waitForURL('**/membership');
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    expect(await claimedStatus(page)).toBeNull();
    return { page, token };
  }

  it('when an admin grants a logged-in member a membership, then Find Players opens in the same session without logging in again', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, token } = await memberWithoutMembership(context, ZARA);
    await grant(token);
    // The socket's claims:changed renews the token in place.
    await expect.poll(() => claimedStatus(page), { timeout: 20_000 }).toBe('active');
    await page.getByRole('link', { name: 'Find Players' }).first().click();
    await page.waitForURL('**/players');
    await page.getByText(/Showing 1 to \d+ of \d+ players/).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Membership required').count()).toBe(0);
    await context.close();
  });

  it('when the push never reaches the browser (its socket is cut), then the gated page still opens after a grant without logging in again', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The socket never reaches the gateway: claims:changed cannot arrive.
    await context.routeWebSocket(/\/socket\.io\//, () => {});
    const { page, token } = await memberWithoutMembership(context, EMMA);
    await grant(token);
    // The gateway has heard of the grant once it refuses the token from before it as stale.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.url}/api/v1/profile`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return ((await res.json()) as { code?: string }).code;
        },
        { timeout: 20_000 },
      )
      .toBe('claims_stale');
    // No push can renew the page's token now; a call the page makes meanwhile may (claims_stale),
    // and so may the guard when Find Players opens: either way, no login.
    await page.getByRole('link', { name: 'Find Players' }).first().click();
    await page.waitForURL('**/players');
    await page.getByText(/Showing 1 to \d+ of \d+ players/).waitFor({ timeout: 20_000 });
    expect(await claimedStatus(page)).toBe('active');
    await context.close();
  });
});
