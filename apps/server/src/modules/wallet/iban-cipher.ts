import crypto from 'node:crypto';

/**
 * The full IBAN of a payout, encrypted at rest (AES-256-GCM). The key is derived (HKDF-SHA256)
 * from the server's auth secret: every instance of a deployment already shares that secret (its
 * sessions depend on it), while a file in DATA_DIR is one instance's own (docs/decisions.md). The
 * payout's id is the additional data, so a ciphertext copied onto another payout does not open.
 *
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url): the version names the key derivation, so
 * a later change can read what was written before it.
 */
export function createIbanCipher(secret: string) {
  const key = Buffer.from(
    crypto.hkdfSync('sha256', secret, Buffer.from('screenline'), Buffer.from('payout-iban v1'), 32),
  );
  return {
    encrypt(iban: string, payoutId: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(payoutId));
      const ciphertext = Buffer.concat([cipher.update(iban, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The IBAN, or an error when the stored value was not written with this key for this payout. */
    decrypt(stored: string, payoutId: string): string {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
        throw new Error('The stored IBAN is not in a format this server reads.');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(payoutId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export type TIbanCipher = ReturnType<typeof createIbanCipher>;
