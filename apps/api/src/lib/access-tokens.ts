import { ACCESS_TOKEN_TTL_SECONDS, USER_TYPES, type UserType } from '@app/domain';
import type { Clock } from './clock';
import { signJwt, verifyJwt } from './jwt';

export interface AccessClaims {
  sub: string;
  userType: UserType;
  /** The account's session_version when issued; a reset or deletion bumps it. */
  sv: number;
  /** The login (refresh-token family) it was issued for: logging out or revoking it ends the token. */
  sid: string;
  iat: number;
  exp: number;
}

/** Short-lived HS256 access tokens (15 minutes), bound to the login (`sid`) they were issued for. */
export class AccessTokens {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  issue(
    user: { id: string; user_type: UserType; session_version: number },
    familyId: string,
  ): {
    token: string;
    expiresIn: number;
  } {
    const iat = Math.floor(this.clock().getTime() / 1000);
    const claims: AccessClaims = {
      sub: user.id,
      userType: user.user_type,
      sv: user.session_version,
      sid: familyId,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    };
    return { token: signJwt({ ...claims }, this.secret), expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  verify(token: string): AccessClaims | null {
    const payload = verifyJwt(token, this.secret, Math.floor(this.clock().getTime() / 1000));
    if (!payload) return null;
    const { sub, userType, sv, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sv !== 'number' || typeof iat !== 'number') return null;
    if (typeof sid !== 'string' || sid.length === 0) return null;
    if (!USER_TYPES.includes(userType as UserType)) return null;
    return { sub, userType: userType as UserType, sv, sid, iat, exp: exp as number };
  }
}
