import {
  PAYMENT_MODES,
  type PaymentAccountResponse,
  type PaymentMode,
  type PaymentProviderName,
  type PaymentSettings,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type PaymentAccountRow, PaymentsRepository } from '../../repositories/payments.repository';
import type { PaymentProvider } from './payment-provider';

export interface PaymentsServiceDeps {
  db: Db;
  clock: Clock;
  /** Null: online payment is off (production without Stripe's keys). */
  provider: PaymentProvider | null;
  /** Public address of the web app: where onboarding returns to. */
  appUrl: string;
}

export const PAYMENT_API_MESSAGES = {
  unavailable:
    'Online payments are not set up on this server, so customers pay at the appointment. Ask the site’s operator to add the Stripe keys.',
  notActive: 'Connect your payout account and finish its set-up before asking customers to pay online.',
  accountNotFound: 'Payment account not found.',
} as const;

/** Where the dashboard's payment settings are: onboarding comes back there. */
const SETTINGS_PATH = '/admin?tab=configuration';

const isPaymentMode = (value: string): value is PaymentMode =>
  (PAYMENT_MODES as readonly string[]).includes(value);

/**
 * A business's side of payments (api-contract §9.2): its payout account at the provider and what it
 * asks customers for. Deposit or full payment needs an active account.
 */
export class PaymentsService {
  private readonly payments: PaymentsRepository;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.payments = new PaymentsRepository(deps.db);
  }

  get providerName(): PaymentProviderName {
    return this.deps.provider?.name ?? 'off';
  }

  /** GET /payments/account. */
  async account(businessId: string): Promise<PaymentAccountResponse> {
    const account = await this.payments.accountOf(businessId);
    return { status: account ? account.status : 'not_connected', provider: this.providerName };
  }

  /**
   * POST /payments/connect: the provider's onboarding page for the business's account (made at its
   * first connect), returning to the dashboard's settings.
   */
  async connect(business: { id: string; email: string }): Promise<{ url: string }> {
    const provider = this.deps.provider;
    if (!provider) throw new AppError('PaymentsUnavailable', PAYMENT_API_MESSAGES.unavailable);
    let account = await this.payments.accountOf(business.id);
    if (!account) {
      const now = this.deps.clock().toISOString();
      account = await this.payments.ensureAccount({
        business_id: business.id,
        provider: provider.name,
        account_ref: await provider.createAccount(business),
        status: 'pending',
        created_at: now,
        updated_at: now,
      });
    }
    return { url: await provider.onboardingUrl(account.account_ref, `${this.deps.appUrl}${SETTINGS_PATH}`) };
  }

  /** The provider says the account can take payments (Stripe's account.updated, the TEST page). */
  async accountActivated(accountRef: string): Promise<PaymentAccountRow> {
    const now = this.deps.clock().toISOString();
    if (!(await this.payments.setAccountStatus(accountRef, 'active', now))) {
      throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    }
    const account = await this.payments.accountByRef(accountRef);
    if (!account) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return account;
  }

  /** The account behind a provider page's link, or 404. */
  async accountByRef(accountRef: string): Promise<PaymentAccountRow> {
    const account = await this.payments.accountByRef(accountRef);
    if (!account) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return account;
  }

  /** GET /user/payment-settings. */
  async settings(businessId: string): Promise<PaymentSettings> {
    const row = await this.payments.settingsOf(businessId);
    if (!row) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return {
      mode: isPaymentMode(row.payment_mode) ? row.payment_mode : 'none',
      depositPercent: row.deposit_percent,
    };
  }

  /**
   * PUT /user/payment-settings: a deposit or full payment needs online payment on and an active
   * account (409 PaymentsUnavailable, PaymentsNotActive); paying at the appointment is always allowed.
   */
  async updateSettings(businessId: string, settings: PaymentSettings): Promise<PaymentSettings> {
    if (settings.mode !== 'none') {
      if (!this.deps.provider) throw new AppError('PaymentsUnavailable', PAYMENT_API_MESSAGES.unavailable);
      const account = await this.payments.accountOf(businessId);
      if (account?.status !== 'active')
        throw new AppError('PaymentsNotActive', PAYMENT_API_MESSAGES.notActive);
    }
    await this.payments.updateSettings(businessId, settings, this.deps.clock().toISOString());
    return this.settings(businessId);
  }
}
