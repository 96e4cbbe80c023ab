import { BRAND_CODES } from '@washboard/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountRepository } from './account.repository';
import { hashPassword } from './password';

/**
 * Creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD in every brand where no account
 * with that e-mail exists. An existing account is left as it is (its password is not reset).
 */
export async function seedAdmin(repo: AccountRepository, email: string, password: string, log: FastifyBaseLogger): Promise<void> {
  const passwordHash = await hashPassword(password);
  for (const brand of BRAND_CODES) {
    if (await repo.findByEmail(brand, email)) continue;
    await repo.insert({
      brand,
      email,
      passwordHash,
      role: 'ADMIN',
      status: 'ACTIVE',
      administrationProfile: ['ADD_PRODUCTS', 'ACCOUNTS', 'PRODUCTS', 'COMPANIES'],
      firstName: 'Admin',
      lastName: brand,
      language: 'it',
    });
    log.info({ brand, email }, 'first administrator created');
  }
}
