import {
  AccountExportSchema,
  ApiErrorSchema,
  accountExportFilename,
  BookingExportQuerySchema,
  bookingExportFilename,
  todayInLondon,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExportsService } from './exports.service';

export interface ExportsRoutesOptions {
  exports: ExportsService;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

/** /api/booking/export.csv (api-contract §8.5, §8.9). */
export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, { exports }) => {
  app.get(
    '/export.csv',
    {
      onRequest: [app.authenticate, app.requireRole('Business', 'Admin')],
      schema: {
        tags: ['booking'],
        summary: 'The business’s bookings between two dates as CSV (Business and Admin)',
        description:
          "text/csv, UTF-8 with a BOM, as an attachment. Columns: Date (YYYY-MM-DD), Time (HH:MM), Service, Minutes, Barber (empty before one is set), Status, Customer, Phone, Price (£N: the agreed price, else the offer), Home visit (Yes/No), Address (a home visit’s), Payment (NotRequired, Due, Paid, Refunded or Kept), Amount due, Paid, Refunded (£7.50; empty when nothing was asked online), Attendance (Attended, NoShow or empty). Every booking starting from `from` to `to` inclusive, by time. A cell starting with =, +, -, @, a tab or a carriage return gets a leading '. 400 when a date is not YYYY-MM-DD, `from` is after `to`, or the range is 7 years or more.",
        security: [{ bearerAuth: [] }],
        querystring: BookingExportQuerySchema,
        response: { 200: z.string().describe('The CSV, text/csv; charset=utf-8'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exports.bookingsCsv(request.requireUser().id, request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${bookingExportFilename(request.query)}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};

/** /api/user/export (api-contract §9.4): a person's own data. */
export const accountExportRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, { exports }) => {
  app.get(
    '/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Download my data (UK GDPR access and portability)',
        description:
          'JSON as an attachment: the account’s profile and notification settings, every booking it asked for (and, a business, every booking asked of it), their threads, and the reviews it wrote or received. Nothing of another account beyond what the app shows it. One a minute per account (429 after).',
        security: [{ bearerAuth: [] }],
        response: { 200: AccountExportSchema, ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      const data = await exports.accountExport(request.requireUser().id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${accountExportFilename(todayInLondon())}"`)
        .send(data);
    },
  );
};
