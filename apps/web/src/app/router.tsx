import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import { routePatterns } from './paths';
import { RouteError } from './route-error';

/**
 * A lazy route module: the page's code is a separate chunk fetched on first visit.
 * `pick` names the export, so renaming a page breaks the build instead of the route.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    try {
      return { Component: pick(await load()) };
    } catch (error) {
      // React Router renders nothing at all for a route whose lazy() rejected (offline, or a
      // chunk gone after a deploy). A component that rethrows hands the error to the route's
      // error boundary instead, which offers a reload.
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

/** Gives every route its own error boundary, so a failing page keeps the frame around it. */
function withErrorBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: route.errorElement ?? <RouteError />,
    children: route.children ? withErrorBoundaries(route.children) : undefined,
  })) as RouteObject[];
}

const adminRoutes: RouteObject[] = [
  {
    path: routePatterns.users,
    lazy: page(
      () => import('../features/admin/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: routePatterns.addTool,
    lazy: page(
      () => import('../features/admin/add-tool-page'),
      (m) => m.AddToolPage,
    ),
  },
  {
    path: routePatterns.manageOrders,
    lazy: page(
      () => import('../features/admin/manage-orders-page'),
      (m) => m.ManageOrdersPage,
    ),
  },
  {
    path: routePatterns.manageTools,
    lazy: page(
      () => import('../features/admin/manage-tools-page'),
      (m) => m.ManageToolsPage,
    ),
  },
  {
    path: routePatterns.importTools,
    lazy: page(
      () => import('../features/tool-import/tool-import-page'),
      (m) => m.ToolImportPage,
    ),
  },
  {
    path: routePatterns.manageReviews,
    lazy: page(
      () => import('../features/admin/manage-reviews-page'),
      (m) => m.ManageReviewsPage,
    ),
  },
  {
    // One order of the back office's order table, with its actions.
    path: routePatterns.manageOrder,
    lazy: page(
      () => import('../features/admin/manage-order-page'),
      (m) => m.ManageOrderPage,
    ),
  },
  {
    path: routePatterns.mail,
    lazy: page(
      () => import('../features/admin-mail/mail-page'),
      (m) => m.MailPage,
    ),
  },
  {
    path: routePatterns.mailMessage,
    lazy: page(
      () => import('../features/admin-mail/mail-page'),
      (m) => m.MailMessagePage,
    ),
  },
  {
    path: routePatterns.inbox,
    lazy: page(
      () => import('../features/admin-mail/inbox-page'),
      (m) => m.InboxPage,
    ),
  },
];

const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('./dashboard-home'),
      (m) => m.DashboardHome,
    ),
  },
  {
    path: routePatterns.myOrder,
    lazy: page(
      () => import('../features/my-orders/my-orders-page'),
      (m) => m.MyOrdersPage,
    ),
  },
  {
    path: routePatterns.addReview,
    lazy: page(
      () => import('../features/reviews/add-review-page'),
      (m) => m.AddReviewPage,
    ),
  },
  {
    path: routePatterns.payment,
    lazy: page(
      () => import('../features/payment/payment-page'),
      (m) => m.PaymentPage,
    ),
  },
  {
    path: routePatterns.updateProfile,
    lazy: page(
      () => import('../features/profile/update-profile-page'),
      (m) => m.UpdateProfilePage,
    ),
  },
  {
    // The admin guard is lazy too: visitors never need admin code.
    lazy: page(
      () => import('./guards/require-admin'),
      (m) => m.RequireAdmin,
    ),
    children: adminRoutes,
  },
];

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: routePatterns.about,
    lazy: page(
      () => import('../features/company/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: routePatterns.categories,
    lazy: page(
      () => import('../features/catalog/categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: routePatterns.itSupport,
    lazy: page(
      () => import('../features/contact/it-support-page'),
      (m) => m.ItSupportPage,
    ),
  },
  {
    path: routePatterns.design,
    lazy: page(
      () => import('../features/contact/design-page'),
      (m) => m.DesignPage,
    ),
  },
  {
    path: routePatterns.tools,
    lazy: page(
      () => import('../features/catalog/tools-page'),
      (m) => m.ToolsPage,
    ),
  },
  {
    path: routePatterns.summary,
    lazy: page(
      () => import('../features/summary/summary-page'),
      (m) => m.SummaryPage,
    ),
  },
  {
    path: routePatterns.portfolio,
    lazy: page(
      () => import('../features/company/portfolio-page'),
      (m) => m.PortfolioPage,
    ),
  },
  {
    path: routePatterns.blog,
    lazy: page(
      () => import('../features/company/blog-page'),
      (m) => m.BlogPage,
    ),
  },
  {
    path: routePatterns.login,
    lazy: page(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: routePatterns.register,
    lazy: page(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: routePatterns.forgotPassword,
    lazy: page(
      () => import('../features/password-reset/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: routePatterns.resetPassword,
    lazy: page(
      () => import('../features/password-reset/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: routePatterns.verifyEmailResult,
    lazy: page(
      () => import('../features/email-links/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: routePatterns.newsletterConfirm,
    lazy: page(
      () => import('../features/email-links/newsletter-confirm-page'),
      (m) => m.NewsletterConfirmPage,
    ),
  },
  {
    path: routePatterns.unsubscribe,
    lazy: page(
      () => import('../features/email-links/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: routePatterns.tool,
    lazy: page(
      () => import('../features/place-order/tool-order-page'),
      (m) => m.ToolOrderPage,
    ),
  },
  {
    path: routePatterns.dashboard,
    lazy: page(
      () => import('./layout/dashboard-layout'),
      (m) => m.DashboardLayout,
    ),
    children: dashboardRoutes,
  },
];

/** Every page of the shop; the paths come from paths.ts, which links use too. */
export const routes: RouteObject[] = withErrorBoundaries([
  {
    element: <RootLayout />,
    // Shown while the first page's code loads, so the frame appears at once.
    hydrateFallbackElement: (
      <RootLayout>
        <Spinner block />
      </RootLayout>
    ),
    children: [...publicRoutes, { element: <RequireAuth />, children: signedInRoutes }],
  },
  {
    path: '*',
    hydrateFallbackElement: <Spinner block />,
    lazy: page(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
