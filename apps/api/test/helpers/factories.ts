import { randomUUID } from 'node:crypto';
import type { RegisterRequest } from '@app/domain';
import { expect } from 'vitest';
import type { TestApp } from './app';

export const PASSWORD = 'Passw0rd!';
export const NEW_PASSWORD = 'N3wPassw0rd&';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: '1 Main Street, Belfast, BT1 1AA',
    birthdate: '1990-05-01',
    phoneNumber: '+447123456789',
    userType: 'User',
    ...overrides,
  };
}

export interface Account {
  email: string;
  password: string;
}

/** Signs up through the API; returns the account, unconfirmed. */
export async function registerUser(t: TestApp, overrides: Partial<RegisterRequest> = {}): Promise<Account> {
  const body = registration(overrides);
  const response = await t.post('/api/auth/register', body);
  expect(response.statusCode, response.body).toBe(201);
  return { email: body.email.toLowerCase(), password: body.password };
}

export async function confirmUser(t: TestApp, account: Account): Promise<void> {
  const response = await t.post('/api/auth/confirm-signup', {
    username: account.email,
    code: t.mailer.lastCode(account.email),
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function createConfirmedUser(t: TestApp, overrides: Partial<RegisterRequest> = {}) {
  const account = await registerUser(t, overrides);
  await confirmUser(t, account);
  return account;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export async function login(t: TestApp, account: Account): Promise<Tokens> {
  const response = await t.post('/api/auth/login', { email: account.email, password: account.password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
