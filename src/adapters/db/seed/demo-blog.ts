/**
 * The demo journal: enough published posts to paginate (src/core/content/pagination.ts shows 9 a
 * page), each with a cover image (drawn from public/assets/demo, demo-images.ts), an author, a category and tags; plus a draft
 * and a post scheduled far ahead, which visitors never see.
 */
const COVERS = ["breath", "evening", "care", "studio"] as const;
const TOPICS = [
  ["five-minute-breathing", "A five-minute breathing routine", "A short routine to reset between meetings.", 0],
  ["new-evening-classes", "New evening classes", "Yoga after work, from October.", 1],
  ["desk-stretches", "Six stretches for the desk", "Loosen shoulders and hips without leaving your chair.", 0],
  ["sleep-and-recovery", "Sleep and recovery", "Why the hours after training matter as much as the training.", 0],
  ["hot-stones", "Hot stone massage, explained", "What happens in a session and who it suits.", 1],
  ["walking-meetings", "Try a walking meeting", "Three rules that make walking meetings work.", 0],
  ["winter-skin", "Looking after winter skin", "Oils, water and patience.", 0],
  ["meet-the-team", "Meet the team", "Who is who at the studio.", 1],
  ["posture-myths", "Four posture myths", "Sitting up straight is not the whole story.", 0],
  ["gift-cards", "Gift cards are here", "Give an hour of calm.", 1],
  ["breathing-for-runners", "Breathing for runners", "Find a rhythm that carries you further.", 0],
  ["studio-renovation", "The studio, renovated", "New floors, new light, same calm.", 1],
  ["lavender-oil", "Why we use lavender oil", "A small bottle with a long history.", 0],
  ["first-visit", "Your first visit", "What to bring and what to expect.", 1],
] as const;

export interface DemoPost {
  slug: string;
  title: string;
  description: string;
  bodyHtml: string;
  imageUrl: string;
  imageAlt: string;
  category: 0 | 1;
  tags: string[];
  status: "published" | "draft" | "scheduled";
  publishedAt: Date | null;
}

const body = (title: string) =>
  `<h2>What to do</h2><p>Start small: ${title.toLowerCase()} takes a few minutes a day. Breathe in for four counts and out for six.</p>` +
  `<ul><li>Find a quiet place.</li><li>Set a timer.</li><li>Notice how you feel afterwards.</li></ul>` +
  `<blockquote>Rest is part of the work.</blockquote>` +
  `<p>Questions? <a href="https://www.example.org/studio">Visit our studio page</a> or book a session.</p>`;

/** What each cover is called by (`/images/<id>` of the seeded picture). */
export type Covers = Record<`cover-${(typeof COVERS)[number]}`, string>;

/** Published a week apart, newest last; the first one keeps the id README's preview URL uses. */
export function demoPosts(covers: Covers): DemoPost[] {
  const published: DemoPost[] = TOPICS.map(([slug, title, description, category], i) => ({
    slug,
    title,
    description,
    bodyHtml: body(title),
    imageUrl: covers[`cover-${COVERS[i % COVERS.length]!}`],
    imageAlt: "",
    category,
    tags: category === 0 ? ["wellbeing", i % 2 ? "routine" : "breathing"] : ["studio", "classes"],
    status: "published",
    publishedAt: new Date(Date.UTC(2026, 6, 1 + i * 7, 8)),
  }));
  return [
    ...published,
    {
      slug: "winter-draft",
      title: "Winter opening hours (draft)",
      description: "Not published yet.",
      bodyHtml: "<p>From December we open at nine.</p>",
      imageUrl: covers["cover-studio"],
      imageAlt: "",
      category: 1,
      tags: ["news"],
      status: "draft",
      publishedAt: null,
    },
    {
      slug: "spring-retreat",
      title: "Spring retreat",
      description: "A weekend away, announced in spring.",
      bodyHtml: "<p>Three days of rest by the sea.</p>",
      imageUrl: covers["cover-breath"],
      imageAlt: "",
      category: 1,
      tags: ["news"],
      status: "scheduled",
      publishedAt: new Date(Date.UTC(2099, 2, 1, 8)),
    },
  ];
}
