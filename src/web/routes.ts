/**
 * The route table of the spec (§2), with the spec's route names as ids and each route under the
 * layout it uses (calendar, form, default). Server code sits beside routes in features/; this file
 * only maps URLs to thin route modules.
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { LOCALE_ROUTING } from "../i18n/routing/config.ts";
import { localizeRoutes } from "../i18n/routing/localize-routes.ts";

const calendar = [
  route("widget/appointment/service/:service", "routes/appointment-service.tsx", { id: "appointment-service" }),
  route("widget/appointment/:provider/:service", "routes/appointment-provider-service.tsx", {
    id: "appointment-provider-service",
  }),
  route("widget/appointment/:provider", "routes/appointment-group.tsx", { id: "appointment-teams" }),
  route("widget/group/:groupId", "routes/appointment-group.tsx", { id: "appointment-groups" }),
  route("widget/groups/:groupSlug", "routes/appointment-group.tsx", { id: "appointment-groups-slug" }),
  // `:id` also accepts a comma-separated list of ids (the spec's /widget/booking/:ids).
  route("widget/booking/:id", "routes/widget-booking-id.tsx", { id: "widget-booking-id" }),
  route("widget/booking", "routes/widget-booking.tsx", { id: "widget-booking" }),
  route("widget/bookings/:slug", "routes/widget-bookings-slug.tsx", { id: "widget-bookings-slug" }),
  route("widget/bookings/*", "routes/widget-bookings-slug.tsx", { id: "widget-bookings-catch-all" }),
  route("widget/otl/:oneTimeSlug", "routes/widget-otl.tsx", { id: "widget-otl-slug" }),
  route("widget/otl", "routes/widget-otl.tsx", { id: "widget-otl" }),
  route("widget/service-menus/:servicemenu/:service", "routes/service-menu-service.tsx", {
    id: "service-menus-service",
  }),
  route("widget/service-menus/:serviceMenuSlug", "routes/service-menu.tsx", { id: "service-menus-slug" }),
  route("widget/service-menu/:serviceMenuId", "routes/service-menu.tsx", { id: "service-menu-id" }),
];

const form = [
  route("widget/appointment/service/:service/cancel", "routes/cancel-appointment.tsx", { id: "cancel-appointment" }),
  route("widget/booking/cancel-booking", "routes/cancel-booking.tsx", { id: "widget-booking-cancel-booking" }),
  route("widget/cancel-booking", "routes/cancel-booking.tsx", { id: "widget-cancel-booking" }),
  route("widget/form/:id", "routes/widget-form.tsx", { id: "widget-form" }),
  route("widget/survey/:id", "routes/widget-survey.tsx", { id: "widget-survey" }),
];

const contentRoutes = (prefix: string, idPrefix: string) => [
  route(`${prefix}b/:slug`, "routes/content-post.tsx", { id: `${idPrefix}b-slug` }),
  route(`${prefix}c/:categorySlug`, "routes/content-listing.tsx", { id: `${idPrefix}c-category` }),
  route(`${prefix}c/:categorySlug/b/:slug`, "routes/content-post.tsx", { id: `${idPrefix}c-category-b-slug` }),
  route(`${prefix}product/:productId`, "routes/content-product.tsx", { id: `${idPrefix}product` }),
  route(`${prefix}collections/:collectionSlug`, "routes/content-collection.tsx", { id: `${idPrefix}collections` }),
];

const content = [
  index("routes/home.tsx", { id: "index" }),
  route("post/:blogSlug", "routes/content-post.tsx", { id: "post-blog-slug" }),
  ...contentRoutes("", ""),
  route(":path", "routes/content-page.tsx", { id: "path" }),
  ...contentRoutes(":path/", "path-"),
  route(":path/category/:categorySlug", "routes/content-listing.tsx", { id: "path-category" }),
  route(":path/author/:authorSlug", "routes/content-listing.tsx", { id: "path-author" }),
  route(":path/tag/:tagSlug", "routes/content-listing.tsx", { id: "path-tag" }),
  // Previews fetch by id, show drafts and are never indexed (domain notes §E).
  route("v2/preview/:id/:kind", "routes/content-preview.tsx", { id: "preview" }),
];

// The business console (issue 18): signing in, then the screens behind a session. Its pages read
// the business API from the browser (clientLoader), so no console code or text is in a booking page.
const consoleEntry = [
  route("console/sign-in", "routes/console-sign-in.tsx", { id: "console-sign-in" }),
  route("console/sign-in/link", "routes/console-sign-in-link.tsx", { id: "console-sign-in-link" }),
  route("console/reset-password", "routes/console-reset-password.tsx", { id: "console-reset-password" }),
];

const consoleScreens = [
  route("console", "routes/console-bookings.tsx", { id: "console-bookings" }),
  // Setup: staff and their hours, services (owner; a staff login only its own hours).
  route("console/staff", "routes/console-staff.tsx", { id: "console-staff" }),
  route("console/staff/:staffId", "routes/console-staff-member.tsx", { id: "console-staff-member" }),
  route("console/my-hours", "routes/console-my-hours.tsx", { id: "console-my-hours" }),
  route("console/services", "routes/console-services.tsx", { id: "console-services" }),
  route("console/coupons", "routes/console-coupons.tsx", { id: "console-coupons" }),
  route("console/resources", "routes/console-resources.tsx", { id: "console-resources" }),
  route("console/resources/:resourceId", "routes/console-resource.tsx", { id: "console-resource" }),
  // Owner setup: calendars (with preview, sharing and one-time links), business settings, API keys.
  route("console/calendars", "routes/console-calendars.tsx", { id: "console-calendars" }),
  route("console/calendars/new", "routes/console-calendar-new.tsx", { id: "console-calendar-new" }),
  route("console/calendars/:calendarId", "routes/console-calendar.tsx", { id: "console-calendar" }),
  route("console/groups", "routes/console-groups.tsx", { id: "console-groups" }),
  route("console/service-menus", "routes/console-service-menus.tsx", { id: "console-service-menus" }),
  route("console/settings", "routes/console-settings.tsx", { id: "console-settings" }),
  route("console/api-keys", "routes/console-api-keys.tsx", { id: "console-api-keys" }),
  // Who signs in: the owner's team, and everyone's own account and sessions.
  route("console/team", "routes/console-team.tsx", { id: "console-team" }),
  route("console/account", "routes/console-account.tsx", { id: "console-account" }),
  // Content (owner): what visitors sent through forms and surveys, the blog's posts and the shop.
  route("console/forms", "routes/console-forms.tsx", { id: "console-forms" }),
  route("console/forms/:formId", "routes/console-form.tsx", { id: "console-form" }),
  route("console/posts", "routes/console-posts.tsx", { id: "console-posts" }),
  route("console/posts/:postId/preview", "routes/console-post-preview.tsx", { id: "console-post-preview" }),
  // The shop (owner): products with their variants and images, and collections of them.
  route("console/products", "routes/console-products.tsx", { id: "console-products" }),
  route("console/products/:productId/preview", "routes/console-post-preview.tsx", { id: "console-product-preview" }),
  route("console/collections", "routes/console-collections.tsx", { id: "console-collections" }),
];

const routes = [
  layout("layouts/calendar-layout.tsx", { id: "layout-calendar" }, calendar),
  layout("layouts/form-layout.tsx", { id: "layout-form" }, form),
  layout("layouts/console-entry-layout.tsx", { id: "layout-console-entry" }, consoleEntry),
  layout("layouts/console-layout.tsx", { id: "layout-console" }, consoleScreens),
  layout("layouts/default-layout.tsx", { id: "layout-default" }, [
    ...content,
    route("favicon.ico", "routes/favicon.tsx", { id: "favicon" }),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;

// Locale routing (locale-routing.md C.2): the table above serves the default locale unprefixed, with
// its ids unchanged; every other locale gets a copy under `/${code}` with ids `${id}___${code}`.
export default localizeRoutes(routes, LOCALE_ROUTING, { keepDefaultLocaleIds: true }) satisfies RouteConfig;
