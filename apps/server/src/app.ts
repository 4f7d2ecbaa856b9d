import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@otakura/shared';
import { defaultWebDistDir } from './lib/paths';
import type { AppContext } from './plugins/context';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { installPageCache } from './plugins/page-cache';
import { inlineScriptHashes } from './plugins/inline-scripts';
import { webAppPlugin } from './plugins/web-app';
import { securityHeadersPlugin } from './plugins/security-headers';
import { RequestLogController, requestIdGenerator, requestIdPlugin } from './plugins/request-id';
import { metricsPlugin } from './modules/metrics/metrics.routes';
import { healthRoutes } from './modules/health/health.routes';
import { filesRoutes } from './modules/files/files.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { ownedVolumesRoutes } from './modules/users/owned-volumes.routes';
import { hasSessionCookie } from './modules/auth/auth.guard';
import { accountRoutes } from './modules/account/account.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { feedRoutes } from './modules/posts/feed.routes';
import { linkPreviewsRoutes } from './modules/link-previews/link-previews.routes';
import { communitiesRoutes } from './modules/communities/communities.routes';
import { episodesRoutes } from './modules/media/episodes.routes';
import { readerRoutes } from './modules/media/reader.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { mediaAdminRoutes } from './modules/media/media-admin.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { shopAdminRoutes } from './modules/shop/shop-admin.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { staffRoutes } from './modules/moderation/staff.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pushRoutes } from './modules/notifications/push.routes';
import { trustedOrigins } from './modules/auth/auth';
import { originCheckPlugin } from './plugins/origin-check';
import { writeRateLimitsPlugin } from './plugins/write-rate-limits';
import { rateLimitStoreOptions } from './plugins/rate-limit-store';
import { commentsRoutes } from './modules/comments/comments.routes';
import { momentsRoutes } from './modules/comments/moments.routes';
import { liveRoutes } from './modules/live/live.routes';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { installReadReplicaRouting } from './db/read-replicas';

export interface BuildAppOptions {
  /** Pino logger options or false; tests pass false (or a `stream` to read the lines). */
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (tests list them all, hidden ones too). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the HTTP app: external plugins → app plugins → modules → error and
 * 404 handlers, in that fixed order. Nothing here opens a database or a port.
 */
export async function buildApp(
  ctx: AppContext,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: ctx.config.logLevel },
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    trustProxy: ctx.config.trustProxy,
    // Request ids: a trusted proxy's sane X-Request-Id or a UUID; one log line per request
    // (plugins/request-id.ts) instead of Fastify's two.
    genReqId: requestIdGenerator(ctx.config.trustProxy),
    requestIdHeader: false,
    logController: new RequestLogController(),
    // Answers made before routing (bad percent-encoding, oversized address or headers)
    // come out in the API's error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // External plugins.
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin);
  const webDistDir = ctx.config.webDistDir ?? defaultWebDistDir();
  // Helmet's headers, computed once from these options (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // index.html's inline theme boot script, allowed by its hash (plugins/inline-scripts.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(webDistDir)],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.secureCookies,
  });
  // API answers are compressed on the fly (br/gzip, above 1 kB). The SPA's files carry
  // build-time .br/.gz siblings (plugins/web-app.ts); /files are already-compressed media
  // served with byte ranges; the live socket is not an HTTP body.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/live')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Request bodies are never compressed by our clients; refusing them keeps body limits simple.
    globalDecompression: false,
  });
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin, {
    origins: trustedOrigins(ctx.config),
    exempt: ['/api/payments/webhook', '/api/webhooks/stripe'],
  });
  // Counters in memory, or in Redis with REDIS_URL (shared by every server).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(await rateLimitStoreOptions(app, ctx.config)),
  });
  await app.register(writeRateLimitsPlugin);
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: LIMITS.videoUploadMaxBytes, fields: 20 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${ctx.config.productName} API`,
        description: 'REST + JSON API. Every error answers { "error": { "code", "message" } }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Client messages on /api/live are tiny (subscribe lists of ≤ 200 topics).
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  // Read replicas: marked GET routes may read from them, writes set the read-your-writes cookie.
  if (ctx.database.replicas)
    installReadReplicaRouting(app, ctx.database.replicas, {
      secureCookies: ctx.config.secureCookies,
    });

  // The page cache: its invalidations, and the routes that drop what they change (before them).
  installPageCache(app);

  // Modules.
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(authRoutes, { auth: ctx.auth });
  await app.register(filesRoutes, { storage: ctx.storage });
  await app.register(usersRoutes);
  await app.register(ownedVolumesRoutes);
  await app.register(accountRoutes);
  await app.register(settingsRoutes);
  await app.register(uploadsRoutes);
  await app.register(postsRoutes);
  await app.register(feedRoutes);
  await app.register(linkPreviewsRoutes);
  await app.register(commentsRoutes);
  await app.register(momentsRoutes);
  await app.register(liveRoutes);
  await app.register(communitiesRoutes);
  await app.register(episodesRoutes);
  await app.register(readerRoutes);
  await app.register(mediaRoutes);
  await app.register(mediaAdminRoutes);
  await app.register(shopRoutes);
  await app.register(shopAdminRoutes);
  await app.register(ordersRoutes);
  await app.register(moderationRoutes);
  await app.register(staffRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes);

  // The SPA and the 404 handler come last.
  await app.register(webAppPlugin, {
    distDir: webDistDir,
    productName: ctx.config.productName,
    hasSession: hasSessionCookie,
  });
  return app;
}
