import { randomUUID } from 'node:crypto';
import {
  type BusinessProfileChanges,
  MINIMUM_PRICE_DEFAULT,
  type NotificationSettings,
  type UserProfile,
} from '@app/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { newUserRow } from '../../db/new-user-row';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { CatalogRepository } from '../../repositories/catalog.repository';
import { type AccountChanges, UsersRepository } from '../../repositories/users.repository';
import { toNotificationSettings, toNotificationSettingsRow, toUserProfile } from './users.mapper';

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
    private readonly db: Db,
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

  async getNotificationSettings(userId: string): Promise<NotificationSettings> {
    const row = await this.users.findNotificationSettings(userId);
    if (!row) throw new AppError('NotFound', 'Account not found.');
    return toNotificationSettings(row);
  }

  /** PUT /user/notification-settings replaces all four settings. */
  async updateNotificationSettings(
    userId: string,
    settings: NotificationSettings,
  ): Promise<NotificationSettings> {
    // Only the four settings: the request schema lets nothing else through, and this picks them anyway.
    const { bookingUpdates, reminders, messages, marketing } = settings;
    await this.users.updateNotificationSettings(
      userId,
      toNotificationSettingsRow({ bookingUpdates, reminders, messages, marketing }),
      this.clock().toISOString(),
    );
    return this.getNotificationSettings(userId);
  }

  /** PUT /user/minimum-price: the business's minimum, and its first service's (api-contract §9.3). */
  async updateMinimumPrice(userId: string, minimumPrice: number): Promise<UserProfile> {
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock().toISOString();
      const users = new UsersRepository(trx);
      await users.lockAccount(userId);
      await users.update(userId, { minimum_price: minimumPrice }, now);
      await new CatalogRepository(trx).setFirstServiceMinimum(userId, minimumPrice, now);
    });
    return this.getProfile(userId);
  }

  /** PUT /user/cancellation-policy: whole hours 0–72, already checked (CancellationPolicyRequestSchema). */
  updateCancellationPolicy(userId: string, noticeHours: number): Promise<UserProfile> {
    return this.updateAndRead(userId, { cancellation_notice_hours: noticeHours });
  }

  /**
   * PUT /user/business-profile: name, address, description and whether the full address is shown,
   * already checked (BusinessProfileRequestSchema), in one UPDATE (all four or none).
   */
  updateBusinessProfile(userId: string, changes: BusinessProfileChanges): Promise<UserProfile> {
    return this.updateAndRead(userId, {
      business_name: changes.BusinessName,
      business_address: changes.BusinessAddress,
      business_description: changes.BusinessDescription,
      show_full_address: changes.showFullAddress ? 1 : 0,
    });
  }

  /** PUT /user/home-visit: the flag and the districts (already read into a list), each when given. */
  updateHomeVisits(userId: string, homeVisitsEnabled?: boolean, districts?: string[]): Promise<UserProfile> {
    return this.updateAndRead(userId, {
      ...(homeVisitsEnabled === undefined ? {} : { home_visits_enabled: homeVisitsEnabled ? 1 : 0 }),
      ...(districts ? { home_visit_districts: districts.join(',') } : {}),
    });
  }

  private async updateAndRead(userId: string, changes: AccountChanges): Promise<UserProfile> {
    await this.users.update(userId, changes, this.clock().toISOString());
    return this.getProfile(userId);
  }

  /**
   * The command-line Admin (api-contract §6): confirmed at once, unlisted, default minimum price.
   * `input` must already be validated (see cli/create-admin.command.ts).
   */
  async createAdmin(input: NewAdmin): Promise<UserProfile> {
    const now = this.clock().toISOString();
    const id = randomUUID();
    try {
      await this.users.insert(
        newUserRow({
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
          created_at: now,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('UsernameExists', 'An account with this email already exists.');
      throw error;
    }
    return this.getProfile(id);
  }
}
