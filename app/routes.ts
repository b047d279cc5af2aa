import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { contentPages } from "./features/content/content-pages.ts";
import { shops } from "./features/shop/shops.ts";
import { accountFiles, adminPaths, dataFiles, orderRoutes, paths, productRoutes } from "./paths.ts";

/** Route table of SPEC §2; paths come from app/paths.ts. */
const at = (path: string) => path.slice(1);
const inAdmin = (path: string) => path.slice(adminPaths.dashboard.length + 1);

export default [
  ...contentPages.map((page) =>
    page.path === paths.home
      ? index("routes/home.tsx", { id: `page/${page.source}` })
      : route(at(page.path), "routes/content-page.tsx", { id: `page/${page.source}` }),
  ),

  ...shops.map((shop) => route(at(shop.path), "routes/shop.tsx", { id: `shop${shop.path}` })),
  route(at(productRoutes.product), "routes/product.tsx"),
  route(at(paths.cart), "routes/cart.tsx"),
  route(at(paths.checkout), "routes/checkout.tsx"),
  // Orders: the buyer's own, read from the API in the browser (never prerendered or indexed)
  layout("routes/order-layout.tsx", [
    route(at(orderRoutes.order), "routes/order.tsx"),
    route(at(orderRoutes.invoice), "routes/order-invoice.tsx"),
  ]),
  route(at(paths.search), "routes/search.tsx"),

  route(at(paths.contactUs), "routes/contact-us.tsx"),

  route(at(paths.terminologies), "routes/terminologies.tsx"),
  route(at(dataFiles.terminologies), "routes/terminologies-csv.ts"),
  route(at(dataFiles.products), "routes/product-data-csv.ts"),
  route(at(dataFiles.glossary), "routes/glossary-json.ts"),

  route(at(paths.signup), "routes/signup.tsx"),
  route(at(paths.finishSignup), "routes/finish-signup.tsx"),
  route(at(paths.login), "routes/login.tsx"),
  route(at(paths.logout), "routes/logout.tsx"),
  route(at(paths.account), "routes/account.tsx"),
  route(at(accountFiles.myData), "routes/account-data.ts"),
  // Pages e-mailed links open: a button posts the secret (decision 021)
  route(at(paths.forgotPassword), "routes/forgot-password.tsx"),
  route(at(paths.resetPassword), "routes/reset-password.tsx"),
  route(at(paths.verifyEmail), "routes/verify-email.tsx"),
  route(at(paths.confirmSubscription), "routes/confirm-subscription.tsx"),
  route(at(paths.unsubscribe), "routes/unsubscribe.tsx"),

  // The back office: staff only, drawn in the browser from the API (decision 016)
  ...prefix(at(adminPaths.dashboard), [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route(inAdmin(adminPaths.orders), "routes/admin/orders.tsx"),
      route(inAdmin(adminPaths.order), "routes/admin/order.tsx"),
      route(inAdmin(adminPaths.stock), "routes/admin/stock.tsx"),
      route(inAdmin(adminPaths.products), "routes/admin/products.tsx"),
      route(inAdmin(adminPaths.newProduct), "routes/admin/new-product.tsx"),
      route(inAdmin(adminPaths.product), "routes/admin/product.tsx"),
      route(inAdmin(adminPaths.messages), "routes/admin/messages.tsx"),
      route(inAdmin(adminPaths.message), "routes/admin/message.tsx"),
      route(inAdmin(adminPaths.customers), "routes/admin/customers.tsx"),
      route(inAdmin(adminPaths.customer), "routes/admin/customer.tsx"),
      route(inAdmin(adminPaths.subscribers), "routes/admin/subscribers.tsx"),
      route(inAdmin(adminPaths.newsletters), "routes/admin/newsletters.tsx"),
      route(inAdmin(adminPaths.newNewsletter), "routes/admin/new-newsletter.tsx"),
      route(inAdmin(adminPaths.newsletter), "routes/admin/newsletter.tsx"),
      route(inAdmin(adminPaths.exports), "routes/admin/exports.tsx"),
      route(inAdmin(adminPaths.gstReport), "routes/admin/gst-report.tsx"),
      route(inAdmin(adminPaths.audit), "routes/admin/audit.tsx"),
      route(inAdmin(adminPaths.discounts), "routes/admin/discounts.tsx"),
      route(inAdmin(adminPaths.discount), "routes/admin/discount.tsx"),
    ]),
  ]),

  route(at(dataFiles.sitemap), "routes/sitemap-xml.ts"),
  route(at(dataFiles.robots), "routes/robots-txt.ts"),
  route(at(dataFiles.llms), "routes/llms-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
