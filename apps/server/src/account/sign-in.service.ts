import type { TBrandCode } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TokenService } from '../auth/token.service';
import { hashPassword, verifyPassword } from './password';
import type { AccountRepository } from './account.repository';

/** Sign-in, refresh and logout: the token endpoint's rules (spec §4). Throttling stays with the route. */
export class SignInService {
  /** A hash to verify against when the account does not exist, so both take the same time. */
  private readonly dummyHash = hashPassword('Dummy-password-1');

  constructor(
    private readonly accounts: AccountRepository,
    private readonly tokens: TokenService,
  ) {}

  /** Password grant: the account of `brand` with this e-mail and password, if it may sign in. */
  async withPassword(brand: TBrandCode, email: string, password: string, clientId: string) {
    const user = await this.accounts.findByEmail(brand, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !ok || user.status === 'DELETED') throw new AppError('INVALID_CREDENTIALS');
    if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
    if (user.status === 'PENDING_APPROVAL') throw new AppError('ACCOUNT_PENDING_APPROVAL');
    return this.tokens.issue(user, clientId);
  }

  /** Refresh grant: the refresh token is rotated (TokenService.rotate has the reuse rules). */
  refresh(refreshToken: string, clientId: string) {
    return this.tokens.rotate(refreshToken, clientId, (id) => this.accounts.findById(id));
  }

  /** Logout: the refresh token's family is revoked. */
  revoke(refreshToken: string) {
    return this.tokens.revoke(refreshToken);
  }
}
