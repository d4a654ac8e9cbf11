import { mailLinkPaths } from '@voltforge/contract/mail-links';

/**
 * Every client route, in one place. The spellings are the spec's (section 2), including
 * `/catagories`, because people and links already use them.
 */
export const paths = {
  home: '/',
  reviews: '/#reviews',
  about: '/about',
  categories: '/catagories',
  itSupport: '/itSupport',
  design: '/design',
  tools: '/tools',
  tool: (id: string) => `/tool/${encodeURIComponent(id)}`,
  summary: '/summary',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  blog: '/blog',
  dashboard: '/dashboard',
  myOrder: '/dashboard/myOrder',
  addReview: '/dashboard/addReview',
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  manageOrder: (orderId: string) => `/dashboard/manageOrder/${encodeURIComponent(orderId)}`,
  updateProfile: '/dashboard/updateProfile',
  users: '/dashboard/users',
  addTool: '/dashboard/addTool',
  manageOrders: '/dashboard/manageOrders',
  manageTools: '/dashboard/manageTools',
  forgotPassword: mailLinkPaths.forgotPassword,
  resetPassword: mailLinkPaths.resetPassword,
  verifyEmailResult: mailLinkPaths.verifyEmailResult,
  newsletterConfirm: mailLinkPaths.newsletterConfirm,
  unsubscribe: mailLinkPaths.unsubscribe,
  mail: mailLinkPaths.mail,
  mailMessage: (id: string) => `${mailLinkPaths.mail}/${encodeURIComponent(id)}`,
  inbox: mailLinkPaths.inbox,
} as const;
