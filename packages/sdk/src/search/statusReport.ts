import { z } from "zod";

/**
 * The stored status report (000 §4 request information), as POST /user-report/status-report answers
 * it. The request body is `statusReportRequestSchema`.
 */
export const statusReportSchema = z.object({
  id: z.number().int().positive(),
  query: z.string(),
  details: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StatusReport = z.infer<typeof statusReportSchema>;
