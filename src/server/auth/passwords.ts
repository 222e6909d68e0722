/**
 * Password hashing: argon2id with m=19456 KiB, t=2, p=1 (DESIGN: decisions). The native argon2 module is
 * loaded by the first call, not at start (a server's idle memory; issue #10).
 */

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await import('@node-rs/argon2');
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so both cases take the same time. */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password for absent users');
  await verifyPassword(await decoy, password);
}
