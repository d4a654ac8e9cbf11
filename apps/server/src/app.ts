import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { openapiErrorsPlugin } from './plugins/openapi-errors.ts';
import { dbPlugin } from './plugins/db.ts';
import { changeFeedPlugin } from './plugins/change-feed.ts';
import { routeCachePlugin } from './plugins/route-cache.ts';
import { unstorableTextPlugin } from './plugins/unstorable-text.ts';
import { sameOriginWritesPlugin } from './plugins/same-origin-writes.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { dependenciesPlugin } from './plugins/dependencies.ts';
import { loggedUrl } from './log-redaction.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { serverRendererOf, type ServerRenderer } from './plugins/web/server-renderer.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { quickOrderRoutes } from './modules/quick-order/quick-order.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { addressBookRoutes } from './modules/address-book/address-book.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { quoteExpiryPlugin, quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { supplyRoutes } from './modules/supply/supply.routes.ts';
import { promisesMovedNotifier } from './modules/orders/shipments.service.ts';
import {
  invoiceRemindersPlugin,
  receivablesRoutes,
} from './modules/receivables/receivables.routes.ts';
import { toolsAdminRoutes } from './modules/tools/tools-admin.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { orderExpiryPlugin } from './modules/orders/order-expiry.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { shopTermsRoutes } from './modules/shop-terms/shop-terms.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { documentsExportRoutes } from './modules/accounting/documents-export.ts';
import { refundsRoutes } from './modules/refunds/refunds.routes.ts';
import { recordProviderRefund, refundCancelledOrder } from './modules/refunds/refunds.service.ts';
import type { Actor } from './auth/guards.ts';
import { documentAttachments } from './modules/invoices/invoices.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { reviewsAdminRoutes } from './modules/reviews/reviews-admin.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersAdminRoutes } from './modules/users/users-admin.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { securityTxtRoutes } from './modules/security-txt/security-txt.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { adminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue.routes.ts';
import { toolCsvRoutes } from './modules/tool-csv/tool-csv.routes.ts';
import { toolImagesRoutes } from './modules/tool-images/tool-images.routes.ts';
import { orderExportRoutes } from './modules/order-export/order-export.routes.ts';
import { orderTimelineRoutes } from './modules/order-timeline/order-timeline.routes.ts';
import { pageHead, pageKey, staticPages } from './modules/seo/page-head.ts';
import { pageCode, pageStylesheets, routePreloads } from './modules/seo/first-paint-preload.ts';
import { signedInReader, visitorReads } from './modules/seo/page-reader.ts';
import { createActiveProvider, paymentCancelGuard } from './modules/payments/active-provider.ts';
import { authMailCallbacks } from './mail/auth-mails.ts';
import { mailSenderPlugin } from './mail/sender.ts';
import { orderMailRenderer, orderNotifier } from './mail/order-notices.ts';
import { lowStockNotifier } from './mail/stock-notices.ts';
import { mailStaffOrderNotices, STAFF_NOTICE_EVERY_MS } from './mail/staff-order-notices.ts';
import { sweepEvery } from './plugins/sweep.ts';
import { mailAdminRoutes } from './mail/mail-admin.routes.ts';

export interface BuildOptions {
  /** An open, migrated database (tests); otherwise one is opened from the config and migrated. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (default stdout as JSON); the entry point passes a prettifier on a terminal. */
  logStream?: DestinationStream;
  /** Renders the public pages (tests); otherwise the web build's, when it has one. */
  serverRenderer?: ServerRenderer;
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY as Fastify takes it. Fastify ignores a bare hop count (it cannot tell a proxy from
 * a client that connects directly), so a count becomes "the nearest N hops are proxies": the
 * client is the address the outermost proxy saw, never what the client wrote further left.
 * This is safe only when the shop cannot be reached around its proxies; list their addresses
 * otherwise (docs/architecture.md, configuration).
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  if (ownsDatabase) await migrateDatabase(database);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
            ],
            // No full URLs: emails and OAuth codes travel in them (log-redaction.ts).
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggedUrl(request),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  for (const warning of config.warnings) app.log.warn(warning);

  await app.register(errorHandlerPlugin);
  await app.register(dependenciesPlugin);
  await app.register(unstorableTextPlugin);
  await app.register(sameOriginWritesPlugin, { origins: config.trustedOrigins });
  await app.register(dbPlugin, { database, closeOnShutdown: ownsDatabase });
  await app.register(changeFeedPlugin);
  // Before the compression plugin: it must see a cached route marked uncompressed.
  await app.register(routeCachePlugin, {
    catalogueTtlMs: config.catalogueCacheTtlMs,
    userTtlMs: config.sessionCacheTtlMs,
  });
  await app.register(securityPlugin, { config });
  await app.register(swagger, {
    openapi: { info: { title: 'Voltforge storefront API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(openapiErrorsPlugin);
  await app.register(authPlugin, {
    config,
    mails: authMailCallbacks({ db: database.db, publicUrl: config.publicUrl, log: app.log }),
  });
  // The receipt mail carries the invoice, rendered at delivery from its stored snapshot.
  await app.register(mailSenderPlugin, { config, attach: documentAttachments(database.db) });

  // Cancelling an order first settles its payment intent with the provider; the orders and users
  // modules get that step from here rather than importing the payments module.
  // One card provider for the payment routes and the cancel step (null: no card payments).
  // The customer's mail about each order change, written in the transaction that makes it; with
  // ORDER_NOTIFY_EMAILS, a placed or paid order also leaves staff a notice, mailed in batches.
  const tellStaff = config.orderNotifyEmails.length > 0;
  const mailSettings = { publicUrl: config.publicUrl, holdHours: config.orderHoldHours, tellStaff };
  if (tellStaff) {
    sweepEvery(app, {
      everyMs: STAFF_NOTICE_EVERY_MS,
      pass: () =>
        mailStaffOrderNotices(database.db, {
          publicUrl: config.publicUrl,
          recipients: config.orderNotifyEmails,
        }),
      counted: 'notices',
      did: 'mailed staff the orders placed and paid',
      failed: 'staff order notice pass failed',
    });
  }
  const notify = orderNotifier(mailSettings);
  const renderMail = orderMailRenderer(mailSettings);
  // Every admin's mail about a tool that has just run low, in the transaction that took it low.
  const onLowStock = lowStockNotifier(config.publicUrl);
  const activeProvider = createActiveProvider(database.db, config);
  const paymentProvider = activeProvider?.provider ?? null;
  if (activeProvider) app.declareDependency('payments', () => activeProvider.health.probe());
  // A payment that marks an order paid mails the customer and issues the invoice.
  const paidSteps = { notify, seller: config.seller };
  const beforeCancel = paymentCancelGuard(database.db, paymentProvider, paidSteps);

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(toolsRoutes);
  await app.register(quickOrderRoutes);
  await app.register(projectsRoutes, { timeZone: config.shopTimeZone });
  await app.register(addressBookRoutes);
  await app.register(companyRoutes, { publicUrl: config.publicUrl });
  await app.register(cartRoutes, { shopTerms: config.shopTerms, timeZone: config.shopTimeZone });
  await app.register(toolsAdminRoutes, { onLowStock });
  // A back-ordered line's promised day moved: its buyer gets one mail per order.
  const onPromisesMoved = promisesMovedNotifier(notify);
  await app.register(supplyRoutes, {
    onLowStock,
    timeZone: config.shopTimeZone,
    onPromisesMoved,
  });
  await app.register(ordersRoutes, {
    beforeCancel,
    notify,
    renderMail,
    onLowStock,
    maxUnpaidOrders: config.maxUnpaidOrders,
    shopTerms: config.shopTerms,
    timeZone: config.shopTimeZone,
  });
  await app.register(checkoutRoutes, {
    timeZone: config.shopTimeZone,
    maxUnpaid: config.maxUnpaidOrders,
    shopTerms: config.shopTerms,
    renderMail,
    onLowStock,
    seller: config.seller,
    publicUrl: config.publicUrl,
  });
  await app.register(quotesRoutes, {
    maxUnpaid: config.maxUnpaidOrders,
    shopTerms: config.shopTerms,
    renderMail,
    onLowStock,
    seller: config.seller,
    publicUrl: config.publicUrl,
    timeZone: config.shopTimeZone,
  });
  await app.register(quoteExpiryPlugin, { publicUrl: config.publicUrl });
  // A paid order an admin cancels is refunded in full, by the refunds' one path.
  const refundCancelled = (orderId: string, actor: Actor) =>
    paymentProvider
      ? refundCancelledOrder(database.db, actor, orderId, paymentProvider, paidSteps)
      : Promise.resolve();
  await app.register(ordersAdminRoutes, { beforeCancel, notify, refundCancelled });
  await app.register(orderExpiryPlugin, {
    holdHours: config.orderHoldHours,
    beforeCancel,
    notify,
  });
  await app.register(paymentsRoutes, {
    provider: paymentProvider,
    orderHoldHours: config.orderHoldHours,
    steps: paidSteps,
    recordRefund: (reported) => recordProviderRefund(database.db, reported, paidSteps),
  });
  await app.register(shopTermsRoutes, { shopTerms: config.shopTerms });
  await app.register(invoicesRoutes);
  await app.register(documentsExportRoutes);
  await app.register(refundsRoutes, { provider: paymentProvider, steps: paidSteps });
  await app.register(receivablesRoutes);
  await app.register(invoiceRemindersPlugin, { publicUrl: config.publicUrl });
  await app.register(reviewsRoutes);
  await app.register(reviewsAdminRoutes);
  await app.register(usersRoutes, { authSecret: config.authSecret });
  await app.register(usersAdminRoutes, { beforeCancel, notify });
  await app.register(newsletterRoutes, { publicUrl: config.publicUrl });
  await app.register(contactRoutes, { publicUrl: config.publicUrl });
  await app.register(mailAdminRoutes);
  await app.register(seoRoutes, { config });
  await app.register(securityTxtRoutes, {
    publicUrl: config.publicUrl,
    contact: config.securityContact,
  });
  await app.register(overviewRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(toolCsvRoutes, { onLowStock });
  await app.register(toolImagesRoutes);
  await app.register(orderExportRoutes);
  await app.register(orderTimelineRoutes);

  // Public pages are served with their title, description and canonical link, rendered by the
  // web build's server renderer with what their loaders read as a visitor (the home, catalogue
  // and tool pages' data goes with the HTML, docs/decisions/007-server-rendering.md); the first
  // pages a signed-in customer or admin opens are rendered for them (decision 019).
  const code = pageCode(config.webDistDir);
  await app.register(webPlugin, {
    renderer: options.serverRenderer ?? serverRendererOf(config.webDistDir, app.log),
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    staticPages,
    head: pageHead,
    visitorReads: visitorReads(app),
    pageKey,
    preload: routePreloads(code),
    catalogue: { version: () => app.catalogueVersion(), ttlMs: config.catalogueCacheTtlMs },
    renderAllowed: app.pageRenderAllowed,
    readerOf: signedInReader(app),
    stylesheets: pageStylesheets(code),
  });
  return app;
}
