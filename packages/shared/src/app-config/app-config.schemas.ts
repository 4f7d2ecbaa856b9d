import { z } from 'zod';

/**
 * `GET /api/app-config`: the public, non-secret part of the server's configuration that the web
 * app needs at run time. The server declares its response with it and the web app parses it
 * (features/settings/api/get-app-config.ts).
 */
export const AppConfigResponseSchema = z.object({
  productName: z.string(),
  /** Lower-case, dash-separated; the premium route is `/{productSlug}-premium`. */
  productSlug: z.string(),
  /** The one monthly premium price, in the currency's minor unit (cents for usd). */
  premiumMonthlyPriceCents: z.number().int().min(0),
  /** ISO 4217 code, lower-case (`usd`). */
  currency: z.string().length(3),
  /** Where mobile browsers are sent (an app listing); null: never redirect. */
  mobileAppUrl: z.string().nullable(),
  /** Contact address shown on the legal pages. */
  contactEmail: z.string(),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponseSchema>;
