/**
 * The one allow-list for HTML a business writes (post bodies): applied when a body is stored and
 * again when it is rendered, so rows written before this rule (or by hand) are safe too.
 * sanitize-html parses with htmlparser2 and rebuilds the markup from the allow-list: anything not
 * listed — script, style, iframe, form, event handlers, `style` attributes — is dropped, and only
 * http(s), mailto and tel URLs survive (no javascript:, data:, vbscript:). See
 * docs/decisions/0019-content-site.md.
 */
import sanitizeHtml from "sanitize-html";

const TEXT = ["p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "span", "div"];
const INLINE = ["a", "strong", "b", "em", "i", "u", "s", "mark", "small", "sub", "sup", "abbr", "cite", "q", "kbd"];
const LISTS = ["ul", "ol", "li", "dl", "dt", "dd"];
const TABLES = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"];
const MEDIA = ["img", "figure", "figcaption", "picture", "source"];

/** The page's own origin decides nothing here: any absolute http(s) link is treated as external. */
const isExternal = (href: string) => /^https?:\/\//i.test(href);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT, ...INLINE, ...LISTS, ...TABLES, ...MEDIA],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    source: ["srcset", "type", "media", "sizes"],
    abbr: ["title"],
    ol: ["start", "reversed"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    "*": ["id", "lang", "dir"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"], source: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "srcset"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside dropped script/style/textarea is dropped with them, not shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (!isExternal(href)) {
        const { target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs: { ...attribs, rel: "noopener noreferrer", target: "_blank" } };
    },
    // Images below the fold of a post: no layout shift is up to width/height; loading is ours.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
