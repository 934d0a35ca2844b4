import type { UserType } from '@app/domain';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the claims the web app reads (sub, userType, exp). */
export function makeAccessToken({
  sub = 'user-1',
  userType = 'User',
  expiresInSeconds = 15 * 60,
  now = Date.now(),
}: {
  sub?: string;
  userType?: UserType;
  expiresInSeconds?: number;
  now?: number;
} = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub,
      userType,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + expiresInSeconds,
    }),
  );
  return `${header}.${payload}.signature`;
}

export function userDetails(userType: UserType | string, overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    FirstName: 'Aoife',
    LastName: 'Byrne',
    Email: 'aoife@example.com',
    PhoneNumber: '+447123456789',
    Address: '1 Main Street, Belfast, BT1 1AA',
    Birthdate: '1990-05-01',
    UserType: userType,
    ...overrides,
  };
}
