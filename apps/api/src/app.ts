import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config';
import { createDatabase, type Db, postgresPool } from './db/database';
import { AccessTokens } from './lib/access-tokens';
import { type Clock, MINUTE_MS, systemClock } from './lib/clock';
import { createAccessLogger, createLogger, RequestLogController } from './lib/logger';
import { warmUpPasswordHashing } from './lib/passwords';
import { ReadCache } from './lib/read-cache';
import { hmacHex } from './lib/secrets';
import { VersionedCache } from './lib/versioned-cache';
import { createLogMailer } from './mail/log.mailer';
import type { Mailer } from './mail/mailer';
import { createSmtpMailer } from './mail/smtp.mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { InvitesService } from './modules/auth/invites.service';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { BookingsService } from './modules/bookings/bookings.service';
import type { PaymentDeadlines } from './modules/bookings/payment-deadlines';
import { scheduleRoutes } from './modules/bookings/schedule.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { CalendarService } from './modules/calendar/calendar.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { CatalogService } from './modules/catalog/catalog.service';
import { type EventStreamSettings, EventStreams } from './modules/events/event-streams';
import { eventsRoutes } from './modules/events/events.routes';
import { LiveEventBus } from './modules/events/live-event-bus';
import type { LiveEvents } from './modules/events/live-events';
import { accountExportRoutes, exportsRoutes } from './modules/exports/exports.routes';
import { ExportsService } from './modules/exports/exports.service';
import { healthRoutes } from './modules/health/health.routes';
import { listingRoutes } from './modules/listing/listing.routes';
import { ListingService } from './modules/listing/listing.service';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { Outbox, type OutboxTiming } from './modules/outbox/outbox.service';
import { DevelopmentProvider } from './modules/payments/development-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { PaymentRefunds } from './modules/payments/payment-refunds';
import { paymentsDevRoutes } from './modules/payments/payments.dev.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { StripeProvider } from './modules/payments/stripe-provider';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { StripeWebhooks } from './modules/payments/stripe-webhooks';
import { PublicPagesService } from './modules/public-pages/public-pages.service';
import { DEFAULT_FAILURE_WINDOW_MS, RateLimitsService } from './modules/rate-limits/rate-limits.service';
import { ReviewInvites } from './modules/reviews/review-invites';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { ReviewsService } from './modules/reviews/reviews.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { SeoService } from './modules/seo/seo.service';
import { threadsRoutes } from './modules/threads/threads.routes';
import { ThreadsService } from './modules/threads/threads.service';
import { AccountService } from './modules/users/account.service';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { Waitlist } from './modules/waitlist/waitlist.service';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { inFlightPlugin } from './plugins/in-flight';
import { AppMetrics, metricsPlugin } from './plugins/metrics';
import { passwordEncodingPlugin } from './plugins/password-encoding';
import { rateLimitPlugin } from './plugins/rate-limit';
import { readCachePlugin } from './plugins/read-cache';
import { frameworkErrors, securityPlugin } from './plugins/security';
import { type WebPluginOptions, webPlugin } from './plugins/web';
import { HealthRepository } from './repositories/health.repository';
import { RateLimitsRepository } from './repositories/rate-limits.repository';

/** Things tests (and server.ts) may hand in instead of the defaults built from the config. */
export interface AppDeps {
  /** An open, migrated database. When given, the caller closes it; otherwise the app does. */
  db?: Db;
  /** Where the outbox worker delivers (default: SMTP_URL, or the development log). */
  mailer?: Mailer;
  outboxTiming?: Partial<OutboxTiming>;
  /** False: no worker runs; tests deliver with `app.outbox.drain()`. */
  outboxWorker?: boolean;
  clock?: Clock;
  /** Where log lines go (tests capture them). */
  logDestination?: DestinationStream;
  logger?: FastifyBaseLogger;
  /** Overrides of the per-account limits (the per-IP limit is `config.authRateLimit`). */
  accountEmailLimit?: number;
  /** Where services hand the live stream's events after they commit (tests watch them). */
  liveEvents?: LiveEvents;
  /** Overrides of GET /api/events' heartbeat, per-account cap and the like (tests shorten them). */
  eventStreams?: Partial<EventStreamSettings>;
  /** The web app's renderer instead of the build's (tests; `npm run dev` renders through Vite). */
  web?: Pick<WebPluginOptions, 'pageHandler' | 'devServer'>;
  /** Stands in for the configured payment provider (tests: one that cannot be reached). */
  paymentProvider?: PaymentProvider;
}

export const BODY_LIMIT_BYTES = 100 * 1024;

/** Is the outbox page on? Never in production (there `npm run mail` lists and retries). */
export const isOutboxEnabled = (config: AppConfig) => !config.isProduction;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every email goes through it (api-contract §8.3). */
    outbox: Outbox;
    /** The live events of GET /api/events (api-contract §8.8). */
    liveEvents: LiveEventBus;
    /** Gives back what cancellations refund, through the payment provider (api-contract §9.2). */
    paymentRefunds: PaymentRefunds;
    /** Cancels agreed bookings whose payment did not arrive by its deadline (api-contract §9.2). */
    paymentDeadlines: PaymentDeadlines;
  }
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}) {
  const ownLogger = deps.logger
    ? undefined
    : createLogger({
        level: config.logLevel,
        destination: deps.logDestination,
        pretty: config.env === 'development' && process.stdout.isTTY,
      });
  const logger = deps.logger ?? (ownLogger as FastifyBaseLogger);
  const app = Fastify({
    loggerInstance: logger,
    // One line per request (not Fastify's two), written without redaction, which it does not need.
    logController: new RequestLogController(ownLogger && createAccessLogger(ownLogger)),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // The shutdown waits for requests in flight, then closes idle keep-alive connections.
    forceCloseConnections: 'idle',
    // A request that reaches a closing instance (its listener is still open while the preClose
    // hooks run) is served, with `Connection: close`, not refused with a 503 that a load balancer
    // would not retry for a POST; the database closes only after the last handler (in-flight.ts).
    return503OnClosing: false,
    // A malformed URL and the like: the same headers and error body as every other response.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !deps.db;
  const db = deps.db ?? createDatabase(config.database);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  const clock = deps.clock ?? systemClock;

  // With METRICS_PORT (api-contract §8.7): this app's own registry, served on its own listener.
  const metrics: AppMetrics | undefined =
    config.metricsPort === undefined
      ? undefined
      : new AppMetrics({
          outboxBacklog: () => outbox.countDue(),
          pool: postgresPool(db),
          logger: app.log,
        });

  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(app.log));
  const outbox = new Outbox({
    db,
    clock,
    mailer,
    logger: app.log,
    appUrl: config.appUrl,
    bodyKey: Buffer.from(hmacHex(config.jwtSecret, 'outbox-bodies'), 'hex'),
    timing: deps.outboxTiming,
    onFailure: metrics && ((outcome) => metrics.outboxFailure(outcome)),
  });
  app.decorate('outbox', outbox);
  if (deps.outboxWorker !== false) app.addHook('onReady', async () => outbox.start());
  // The worker stops first (a message being sent finishes); what is still pending waits in the
  // database for the next start or another instance.
  app.addHook('preClose', async () => outbox.stop());
  app.addHook('onClose', async () => mailer.close?.());
  // A change's emails are committed by the time it is answered: look for them now, not at the poll.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') outbox.wake();
    done();
  });

  const accessTokens = new AccessTokens(config.jwtSecret, clock);
  const rateLimits = new RateLimitsService(new RateLimitsRepository(db), clock, {
    perIpPerMinute: config.authRateLimit,
    accountFailures: config.accountFailureLimit,
    failureWindowMs: DEFAULT_FAILURE_WINDOW_MS,
    blockMs: 15 * MINUTE_MS,
    accountEmails: deps.accountEmailLimit ?? 5,
  });
  const codeSecret = hmacHex(config.jwtSecret, 'one-time-codes');
  const auth = new AuthService({
    db,
    outbox,
    clock,
    accessTokens,
    rateLimits,
    codeSecret,
    logger: app.log,
    appUrl: config.appUrl,
  });
  app.decorate('whenIdle', () => auth.whenIdle());
  // The live stream's events (api-contract §8.8): in process on SQLite; through PostgreSQL's
  // NOTIFY/LISTEN when instances share a database. Open streams end before the server closes
  // (they would hold the shutdown up); the LISTEN connection closes with the app.
  const liveEventBus = new LiveEventBus({
    logger: app.log,
    postgres: config.database.dialect === 'postgres' ? { url: config.database.url, db } : undefined,
  });
  app.decorate('liveEvents', liveEventBus);
  app.addHook('onReady', async () => liveEventBus.start());
  app.addHook('onClose', async () => liveEventBus.stop());
  const eventStreams = new EventStreams(liveEventBus, clock, deps.eventStreams);
  app.addHook('preClose', async () => eventStreams.closeAll());
  // Tests may watch what the services publish (deps.liveEvents) besides the streams.
  const watcher = deps.liveEvents;
  const liveEvents: LiveEvents = watcher
    ? {
        publish: (event) => {
          watcher.publish(event);
          liveEventBus.publish(event);
        },
      }
    : liveEventBus;
  const users = new UsersService(db, clock);
  const account = new AccountService({ db, clock, outbox, logger: app.log, codeSecret, rateLimits });
  // Online payment (api-contract §9.2): the development provider outside production; in
  // production without Stripe's keys it is off and every business is paid at the appointment.
  const stripe = config.stripe ? new StripeProvider(config.stripe, config.platformFeePercent) : null;
  const paymentProvider =
    deps.paymentProvider ?? stripe ?? (config.isProduction ? null : new DevelopmentProvider(config.appUrl));
  const paymentRefunds = new PaymentRefunds({ db, clock, provider: paymentProvider, logger: app.log });
  app.decorate('paymentRefunds', paymentRefunds);
  app.addHook('onReady', async () => paymentRefunds.start());
  app.addHook('onClose', async () => paymentRefunds.stop());
  const payments = new PaymentsService({
    db,
    clock,
    outbox,
    provider: paymentProvider,
    appUrl: config.appUrl,
    logger: app.log,
    refunds: paymentRefunds,
  });
  const waitlist = new Waitlist({ db, clock, outbox, appUrl: config.appUrl });
  const bookings = new BookingsService({
    payments: { online: paymentProvider !== null, window: config.paymentWindow },
    refunds: paymentRefunds,
    db,
    clock,
    outbox,
    appUrl: config.appUrl,
    reviewInvites: new ReviewInvites({ db, outbox, appUrl: config.appUrl }),
    waitlist,
    reminderOffsets: config.reminderOffsets,
    liveEvents,
    onTransition: metrics && ((from, to) => metrics.bookingTransition(from, to)),
    logger: app.log,
  });
  app.decorate('paymentDeadlines', bookings.deadlines);
  // Always: a booking asked for money while online payment was on still has its deadline.
  app.addHook('onReady', async () => bookings.deadlines.start());
  app.addHook('onClose', async () => bookings.deadlines.stop());
  const listing = new ListingService({ db, clock, logger: app.log });
  const reviews = new ReviewsService({ db, clock, outbox, appUrl: config.appUrl });
  // Unset (tests building their own config): nothing is kept, every read is computed.
  const readCache = new ReadCache({ ttlMs: config.readCacheTtlMs ?? 0, clock });
  app.addHook('onReady', warmUpPasswordHashing);

  // Cross-cutting plugins first (hooks and decorators), then the docs (they collect routes
  // registered after them), then the modules, then the web app and its fallback.
  await app.register(inFlightPlugin);
  await app.register(metricsPlugin, { metrics, port: config.metricsPort, host: config.host });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(readCachePlugin, { cache: readCache });
  await app.register(passwordEncodingPlugin);
  await app.register(rateLimitPlugin, { rateLimits });
  await app.register(authPlugin, { auth });
  await app.register(docsPlugin);

  await app.register(healthRoutes, {
    prefix: '/api',
    health: new HealthRepository(db),
    outboxHeartbeat: () => outbox.heartbeat,
    clock,
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    invites: new InvitesService({ db, outbox, clock, appUrl: config.appUrl }),
  });
  await app.register(usersRoutes, { prefix: '/api/user', users, account });
  await app.register(listingRoutes, {
    prefix: '/api/booking',
    listing,
    readCache,
  });
  await app.register(scheduleRoutes, { prefix: '/api/user', bookings, users });
  await app.register(paymentsRoutes, { prefix: '/api', payments });
  await app.register(catalogRoutes, { prefix: '/api', catalog: new CatalogService({ db, clock }) });
  await app.register(stripeWebhookRoutes, {
    prefix: '/api',
    // Without Stripe's keys the route answers 404: nothing here listens for Stripe.
    webhooks:
      stripe && paymentProvider === stripe ? new StripeWebhooks({ db, clock, payments, stripe }) : null,
  });
  if (paymentProvider?.name === 'development') {
    await app.register(paymentsDevRoutes, { payments, appUrl: config.appUrl });
  }
  await app.register(bookingsRoutes, {
    prefix: '/api/booking',
    bookings,
    readCache,
    businessBookingsCache: new VersionedCache(),
  });
  await app.register(threadsRoutes, {
    prefix: '/api/booking',
    threads: new ThreadsService({ db, clock, liveEvents, outbox, appUrl: config.appUrl }),
  });
  await app.register(reviewsRoutes, {
    prefix: '/api/booking',
    reviews,
    readCache,
  });
  await app.register(waitlistRoutes, { prefix: '/api/booking', waitlist });
  const exports = new ExportsService({ db, clock, rateLimits });
  await app.register(exportsRoutes, { prefix: '/api/booking', exports });
  await app.register(accountExportRoutes, { prefix: '/api/user', exports });
  await app.register(eventsRoutes, {
    prefix: '/api',
    streams: eventStreams,
    accessTokens,
    authenticate: (token) => auth.authenticate(token),
  });
  await app.register(calendarRoutes, {
    prefix: '/api',
    calendar: new CalendarService({ db, clock, appUrl: config.appUrl }),
  });
  await app.register(outboxRoutes, { outbox, enabled: isOutboxEnabled(config) });
  await app.register(seoRoutes, {
    seo: new SeoService({ db, appUrl: config.appUrl }),
  });

  await app.register(webPlugin, {
    webBuild: config.webBuild,
    appUrl: config.appUrl,
    publicPages: new PublicPagesService({ listing, bookings, reviews }),
    ...deps.web,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
