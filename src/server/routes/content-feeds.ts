/**
 * Per business (by host name, like its pages): robots.txt, sitemap.xml of every public content
 * page, and an RSS 2.0 / Atom feed of each blog (`/feeds/:path/rss.xml`, `/feeds/:path/atom.xml`). Public posts
 * only, at the request's clock; cached briefly so a scheduled post shows up within minutes.
 */
import { Feed } from "feed";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { PublicPagesPort } from "../../app/pages/public-pages.ts";
import { requestOrigin } from "../../i18n/routing/domain.ts";

const CACHE = "public, max-age=300, stale-while-revalidate=3600";

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function contentFeeds(app: OpenAPIHono, deps: { pages: PublicPagesPort; clock: () => Date }) {
  const context = async (request: Request) => {
    const origin = requestOrigin(new URL(request.url), request.headers);
    const business = await deps.pages.resolveBusiness(
      request.headers.get("x-forwarded-host") ?? request.headers.get("host"),
    );
    return { origin, business };
  };

  app.get("/robots.txt", async (c) => {
    const { origin } = await context(c.req.raw);
    c.header("Cache-Control", CACHE);
    // Previews are noindex already; keeping crawlers out of them also keeps tokens out of their logs.
    return c.text(`User-agent: *\nDisallow: /v2/preview/\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  app.get("/sitemap.xml", async (c) => {
    const { origin, business } = await context(c.req.raw);
    if (!business) return c.notFound();
    const map = await deps.pages.siteMap(business, deps.clock());
    const blog = map.pages.find((p) => p.hasBlog)?.path;
    const entries: { loc: string; lastmod?: string }[] = [
      { loc: `${origin}/` },
      ...map.pages.map((p) => ({ loc: `${origin}/${encodeURIComponent(p.path)}` })),
      ...map.posts.map((p) => ({
        loc: `${origin}${blog ? `/${encodeURIComponent(blog)}` : ""}/b/${encodeURIComponent(p.slug)}`,
        lastmod: p.updatedAt,
      })),
      ...map.categories.map((cat) => ({ loc: `${origin}/c/${encodeURIComponent(cat.slug)}` })),
      ...(blog ? map.authors.map((a) => ({ loc: `${origin}/${blog}/author/${encodeURIComponent(a.slug)}` })) : []),
      ...map.products.map((p) => ({ loc: `${origin}/product/${encodeURIComponent(p.slug)}`, lastmod: p.createdAt })),
      ...map.collections.map((col) => ({ loc: `${origin}/collections/${encodeURIComponent(col.slug)}` })),
    ];
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      entries
        .map((e) => `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`)
        .join("\n") +
      `\n</urlset>\n`;
    c.header("Cache-Control", CACHE);
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });

  const feedOf = async (request: Request, path: string) => {
    const { origin, business } = await context(request);
    if (!business) return null;
    const map = await deps.pages.siteMap(business, deps.clock());
    const page = map.pages.find((p) => p.path === path && p.hasBlog);
    if (!page) return null;
    const base = `${origin}/${encodeURIComponent(page.path)}`;
    const feed = new Feed({
      title: page.title,
      description: page.description,
      id: base,
      link: base,
      copyright: business.name,
      updated: map.posts[0] ? new Date(map.posts[0].updatedAt) : new Date(0),
      feedLinks: {
        rss: `${origin}/feeds/${encodeURIComponent(page.path)}/rss.xml`,
        atom: `${origin}/feeds/${encodeURIComponent(page.path)}/atom.xml`,
      },
    });
    for (const post of map.posts.slice(0, 50)) {
      const link = `${base}/b/${encodeURIComponent(post.slug)}`;
      feed.addItem({
        title: post.title,
        id: link,
        link,
        description: post.description,
        content: post.bodyHtml,
        date: new Date(post.publishedAt ?? post.updatedAt),
        ...(post.authorName ? { author: [{ name: post.authorName }] } : {}),
        ...(post.imageUrl ? { image: new URL(post.imageUrl, `${origin}/`).toString() } : {}),
      });
    }
    return feed;
  };

  app.get("/feeds/:path/rss.xml", async (c) => {
    const feed = await feedOf(c.req.raw, c.req.param("path"));
    if (!feed) return c.notFound();
    c.header("Cache-Control", CACHE);
    return c.body(feed.rss2(), 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
  });
  app.get("/feeds/:path/atom.xml", async (c) => {
    const feed = await feedOf(c.req.raw, c.req.param("path"));
    if (!feed) return c.notFound();
    c.header("Cache-Control", CACHE);
    return c.body(feed.atom1(), 200, { "Content-Type": "application/atom+xml; charset=utf-8" });
  });
}
