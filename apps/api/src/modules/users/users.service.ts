import { randomUUID } from 'node:crypto';
import { MINIMUM_PRICE_DEFAULT } from '@app/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { toUserProfile } from './users.mapper';
import { UsersRepository } from './users.repository';
import type { UserProfile } from './users.schemas';

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  businessName: string;
}

export class UsersService {
  private readonly users: UsersRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.users = new UsersRepository(db);
  }

  async getProfile(userId: string): Promise<UserProfile> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('NotFound', 'Account not found.');
    const awayDates = user.user_type === 'User' ? [] : await this.users.listAwayDates(user.id);
    return toUserProfile(user, awayDates);
  }

  /**
   * The command-line Admin (api-contract §6): confirmed at once, unlisted, default minimum price.
   * `input` must already be validated (see cli/create-admin.command.ts).
   */
  async createAdmin(input: NewAdmin): Promise<UserProfile> {
    const now = this.clock().toISOString();
    const id = randomUUID();
    try {
      await this.users.insert({
        id,
        email: input.email,
        password_hash: await hashPassword(input.password),
        user_type: 'Admin',
        first_name: input.firstName,
        last_name: input.lastName,
        phone_number: '',
        address: '',
        birthdate: null,
        is_confirmed: 1,
        confirmed_at: now,
        business_name: input.businessName,
        minimum_price: MINIMUM_PRICE_DEFAULT,
        home_visits_enabled: 0,
        is_listed: 0,
        session_version: 0,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('UsernameExists', 'An account with this email already exists.');
      throw error;
    }
    return this.getProfile(id);
  }
}
