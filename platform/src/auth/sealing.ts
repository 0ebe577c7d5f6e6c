import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in a database (a signing key's private half) are sealed with AES-256-GCM under a key
 * from the environment, so a copy of the database (a backup, a replica, a dump on a laptop) does not
 * carry them in the clear. The sealed text names which key sealed it, so a key can rotate: the
 * current key seals, the current and the previous one open, and `reseal` moves old text to the
 * current key.
 */
export interface Sealer {
  /** Seals `plaintext`, bound to `context` (e.g. the row's id): opened under another context it fails. */
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /** Whether `sealed` was sealed by the current key (false: by the previous or an unknown one). */
  isCurrent(sealed: string): boolean;
}

export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
// GCM accepts shorter tags unless told their length; a truncated tag would be easier to forge.
const TAG_BYTES = 16;

/** A 256-bit key given as base64 (what `openssl rand -base64 32` prints). */
export function decodeSealingKey(text: string): Buffer | undefined {
  const key = Buffer.from(text, 'base64');
  return key.length === KEY_BYTES && key.toString('base64') === text.replace(/\s/g, '') ? key : undefined;
}

/** A short public name of a key: which key sealed a text, without revealing the key. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('linksmate-sealing-key').update(key).digest('hex').slice(0, 12);
}

export function createSealer(keys: { current: string; previous?: string }): Sealer {
  const decode = (name: string, text: string) => {
    const key = decodeSealingKey(text);
    if (!key) throw new SealedSecretError(`${name} is not a base64 256-bit key`);
    return key;
  };
  const current = decode('the current sealing key', keys.current);
  const currentId = keyIdOf(current);
  const byId = new Map([[currentId, current]]);
  if (keys.previous) {
    const previous = decode('the previous sealing key', keys.previous);
    byId.set(keyIdOf(previous), previous);
  }
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [FORMAT, currentId, ...parts].join('.');
    },
    open(sealed, context) {
      const [format, keyId, iv, body, tag] = sealed.split('.');
      if (format !== FORMAT || !keyId || iv === undefined || body === undefined || tag === undefined)
        throw new SealedSecretError('not a sealed secret');
      const key = byId.get(keyId);
      if (!key)
        throw new SealedSecretError(
          `sealed by key ${keyId}, which is neither the current nor the previous key`,
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SealedSecretError(
          `sealed text under key ${keyId} does not open (altered, or another context)`,
        );
      }
    },
    isCurrent: (sealed) => sealed.split('.')[1] === currentId,
  };
}
