import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminFeedbackSchema,
  adminReportDetailSchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  reportCountsSchema,
  reviewInputSchema,
} from '@accountry/shared/admin-reports';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import * as reports from './admin-reports.service';

const errors = errorReplies(400, 401, 403, 404);
const reviewErrors = errorReplies(400, 401, 403, 404, 409);
const reportParams = z.object({ reportId: z.string().min(1).max(64) });
const feedbackParams = z.object({ feedbackId: z.string().min(1).max(64) });

/** /api/admin/reports (listing, conversation and user reports) and /api/admin/feedback (rate-us submissions). */
export function adminReportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/reports',
      {
        schema: {
          tags: ['admin'],
          querystring: adminReportsQuerySchema,
          response: { 200: adminReportsPageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return reports.listReports(deps, request.query);
      },
    );

    app.get(
      '/api/admin/reports/counts',
      { schema: { tags: ['admin'], response: { 200: reportCountsSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return reports.reportCounts(deps);
      },
    );

    app.get(
      '/api/admin/reports/:reportId',
      { schema: { tags: ['admin'], params: reportParams, response: { 200: adminReportDetailSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return reports.getReport(deps, request.params.reportId);
      },
    );

    app.patch(
      '/api/admin/reports/:reportId',
      {
        schema: {
          tags: ['admin'],
          params: reportParams,
          body: reviewInputSchema,
          response: { 200: adminReportDetailSchema, ...reviewErrors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return reports.reviewReport(deps, actor, request.params.reportId, request.body);
      },
    );

    app.get(
      '/api/admin/feedback',
      {
        schema: {
          tags: ['admin'],
          querystring: adminFeedbackQuerySchema,
          response: { 200: adminFeedbackPageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return reports.listFeedback(deps, request.query);
      },
    );

    app.get(
      '/api/admin/feedback/:feedbackId',
      { schema: { tags: ['admin'], params: feedbackParams, response: { 200: adminFeedbackSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return reports.getFeedback(deps, request.params.feedbackId);
      },
    );

    app.patch(
      '/api/admin/feedback/:feedbackId',
      {
        schema: {
          tags: ['admin'],
          params: feedbackParams,
          body: reviewInputSchema,
          response: { 200: adminFeedbackSchema, ...reviewErrors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return reports.reviewFeedback(deps, actor, request.params.feedbackId, request.body);
      },
    );
  };
}
