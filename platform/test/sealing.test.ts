import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, SealedSecretError } from '../src/auth/sealing';

const newKey = () => randomBytes(32).toString('base64');

describe('sealing secrets at rest', () => {
  it('when a secret is sealed, then it opens under the same context and the text does not contain it', () => {
    const sealer = createSealer({ current: newKey() });
    const sealed = sealer.seal('{"d":"private-half"}', 'kid-1');
    expect(sealed).not.toContain('private-half');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealer.open(sealed, 'kid-1')).toBe('{"d":"private-half"}');
    expect(sealer.isCurrent(sealed)).toBe(true);
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealer.seal('{"d":"private-half"}', 'kid-1')).not.toBe(sealed);
  });

  it('when sealed text is opened under another context or altered, then it is refused', () => {
    const sealer = createSealer({ current: newKey() });
    const sealed = sealer.seal('secret', 'kid-1');
    expect(() => sealer.open(sealed, 'kid-2')).toThrow(SealedSecretError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('SECRET').toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'kid-1')).toThrow(SealedSecretError);
    expect(() => sealer.open('plain text', 'kid-1')).toThrow(/not a sealed secret/);
  });

  it('when the tag is cut short, then the text is refused (a short tag would be easier to forge)', () => {
    const sealer = createSealer({ current: newKey() });
    const parts = sealer.seal('secret', 'kid-1').split('.');
    parts[4] = Buffer.from(parts[4]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'kid-1')).toThrow(SealedSecretError);
  });

  it('when the key rotates, then text sealed by the previous key still opens, and is not current', () => {
    const [old, next] = [newKey(), newKey()];
    const sealedBefore = createSealer({ current: old }).seal('secret', 'kid-1');
    const during = createSealer({ current: next, previous: old });
    expect(during.open(sealedBefore, 'kid-1')).toBe('secret');
    expect(during.isCurrent(sealedBefore)).toBe(false);
    expect(during.isCurrent(during.seal('secret', 'kid-1'))).toBe(true);
    expect(() => createSealer({ current: next }).open(sealedBefore, 'kid-1')).toThrow(
      /neither the current nor the previous key/,
    );
  });

  it('when a key is not 32 bytes of base64, then the sealer is not made', () => {
    expect(() => createSealer({ current: 'short' })).toThrow(/not a base64 256-bit key/);
    expect(() => createSealer({ current: randomBytes(16).toString('base64') })).toThrow(SealedSecretError);
    expect(() => createSealer({ current: newKey(), previous: 'nope' })).toThrow(/previous/);
  });
});
