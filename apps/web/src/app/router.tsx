import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
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
    path: 'users',
    lazy: page(
      () => import('../features/admin/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'addTool',
    lazy: page(
      () => import('../features/admin/add-tool-page'),
      (m) => m.AddToolPage,
    ),
  },
  {
    path: 'manageOrders',
    lazy: page(
      () => import('../features/admin/manage-orders-page'),
      (m) => m.ManageOrdersPage,
    ),
  },
  {
    path: 'manageTools',
    lazy: page(
      () => import('../features/admin/manage-tools-page'),
      (m) => m.ManageToolsPage,
    ),
  },
  {
    // The spec's "manage orders table" for one order: an admin page.
    path: 'manageOrder/:id',
    lazy: page(
      () => import('../features/admin/manage-order-page'),
      (m) => m.ManageOrderPage,
    ),
  },
  {
    path: 'mail',
    lazy: page(
      () => import('../features/admin-mail/mail-page'),
      (m) => m.MailPage,
    ),
  },
  {
    path: 'mail/:id',
    lazy: page(
      () => import('../features/admin-mail/mail-message-page'),
      (m) => m.MailMessagePage,
    ),
  },
  {
    path: 'inbox',
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
      () => import('../features/orders/my-orders-page'),
      (m) => m.MyOrdersPage,
    ),
  },
  {
    path: 'myOrder',
    lazy: page(
      () => import('../features/orders/my-orders-page'),
      (m) => m.MyOrdersPage,
    ),
  },
  {
    path: 'addReview',
    lazy: page(
      () => import('../features/reviews/add-review-page'),
      (m) => m.AddReviewPage,
    ),
  },
  {
    path: 'payment/:id',
    lazy: page(
      () => import('../features/payment/payment-page'),
      (m) => m.PaymentPage,
    ),
  },
  {
    path: 'updateProfile',
    lazy: page(
      () => import('../features/profile/update-profile-page'),
      (m) => m.UpdateProfilePage,
    ),
  },
  {
    // The admin guard is lazy too: it is admin code, and it brings zod for the admin check.
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
    path: 'about',
    lazy: page(
      () => import('../features/content/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'catagories',
    lazy: page(
      () => import('../features/content/categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: 'itSupport',
    lazy: page(
      () => import('../features/content/it-support-page'),
      (m) => m.ItSupportPage,
    ),
  },
  {
    path: 'design',
    lazy: page(
      () => import('../features/content/design-page'),
      (m) => m.DesignPage,
    ),
  },
  {
    path: 'tools',
    lazy: page(
      () => import('../features/catalog/tools-page'),
      (m) => m.ToolsPage,
    ),
  },
  {
    path: 'summary',
    lazy: page(
      () => import('../features/content/summary-page'),
      (m) => m.SummaryPage,
    ),
  },
  {
    path: 'portfolio',
    lazy: page(
      () => import('../features/content/portfolio-page'),
      (m) => m.PortfolioPage,
    ),
  },
  {
    path: 'blog',
    lazy: page(
      () => import('../features/content/blog-page'),
      (m) => m.BlogPage,
    ),
  },
  {
    path: 'login',
    lazy: page(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    lazy: page(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'forgot-password',
    lazy: page(
      () => import('../features/password-reset/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'reset-password',
    lazy: page(
      () => import('../features/password-reset/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'verify-email',
    lazy: page(
      () => import('../features/email-links/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: 'newsletter/confirm',
    lazy: page(
      () => import('../features/email-links/newsletter-confirm-page'),
      (m) => m.NewsletterConfirmPage,
    ),
  },
  {
    path: 'unsubscribe',
    lazy: page(
      () => import('../features/email-links/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: 'tool/:id',
    lazy: page(
      () => import('../features/ordering/tool-order-page'),
      (m) => m.ToolOrderPage,
    ),
  },
  {
    path: 'dashboard',
    lazy: page(
      () => import('./layout/dashboard-layout'),
      (m) => m.DashboardLayout,
    ),
    children: dashboardRoutes,
  },
];

/** Every route of the spec (section 2); paths.ts holds the same paths for links. */
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
      () => import('../features/content/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
