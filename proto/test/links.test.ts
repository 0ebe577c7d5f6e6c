import { describe, expect, it } from 'vitest';
import { isWebLink, WEB_LINK_MESSAGE, webLinkError, webLinkErrors } from '../src/rules';

describe('proto: stored links are web links', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    '/relative',
    'relative/path',
    '//example.com/protocol-relative',
    'http://',
    'https:///x',
    'http:example.com',
    'ftp://example.com',
    'https://@/',
    'https://exa mple.com',
  ])('when the link is %j, then it is not a web link', (link) => {
    expect(isWebLink(link)).toBe(false);
    expect(webLinkError(link)).toBe(WEB_LINK_MESSAGE);
  });

  it.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    ' https://example.com/padded ',
    'http://localhost:8080/',
    'https://user@example.com/',
  ])('when the link is %j, then it is a web link', (link) => {
    expect(isWebLink(link)).toBe(true);
    expect(webLinkError(link)).toBeNull();
  });

  it('when a link is blank or absent, then there is no problem (no link)', () => {
    expect(webLinkError('')).toBeNull();
    expect(webLinkError('   ')).toBeNull();
    expect(webLinkError(null)).toBeNull();
    expect(webLinkError(undefined)).toBeNull();
  });

  it('when several links are judged, then only the bad ones are named', () => {
    expect(
      webLinkErrors({
        website_url: 'https://ok.example.com',
        facebook_url: 'javascript:x',
        instagram_url: null,
      }),
    ).toEqual({ facebook_url: WEB_LINK_MESSAGE });
  });
});
