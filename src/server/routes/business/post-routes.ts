/** Posts of the business's blog: written, scheduled, archived; bodies sanitised on write (issue 16). */
import type { PostRecord } from "../../../app/content/ports.ts";
import { createPost, updatePost } from "../../../app/content/write-post.ts";
import { handle, json } from "../../http/api-router.ts";
import {
  businessProblem,
  define,
  ids,
  REFUSALS,
  reply,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import { unknownImage } from "./image-routes.ts";
import { PostCreateSchema, PostPageSchema, PostPatchSchema, PostSchema, PostsQuerySchema } from "./content-schemas.ts";

const listPosts = define.route({
  method: "get",
  path: "/posts",
  summary: "Posts, newest first (drafts first), paginated with limit and offset",
  request: { query: PostsQuerySchema },
  responses: { 200: json(PostPageSchema, "A page of posts") },
});

const createPostRoute = define.add(
  "/posts",
  PostCreateSchema,
  PostSchema,
  "Write a post (status draft by default; scheduled needs publishAt)",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const getPost = define.get("/posts/{postId}", ids("postId"), PostSchema, "A post, whatever its status");

const updatePostRoute = define.change(
  "patch",
  "/posts/{postId}",
  ids("postId"),
  PostPatchSchema,
  PostSchema,
  "Change a post: publish, schedule, archive, edit",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const deletePost = define.remove("/posts/{postId}", ids("postId"), "Remove a post");

export function postRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const withUrls = (p: PostRecord) => ({
    ...p,
    url: `${deps.publicUrl}/b/${p.slug}`,
    previewUrl: `${deps.publicUrl}/v2/preview/${p.id}/post`,
  });

  handle(api, listPosts, async (c) => {
    const query = c.req.valid("query");
    const page = await c.var.content.listPosts(query);
    return c.json({ items: page.items.map(withUrls), total: page.total, limit: query.limit, offset: query.offset });
  });
  const unknownCover = (c: { var: { repo: { businessId: string } } }, body: { imageUrl?: string | null }) =>
    unknownImage(deps, c.var.repo.businessId, [{ path: "imageUrl", url: body.imageUrl }]);
  handle(api, createPostRoute, async (c) => {
    const body = c.req.valid("json");
    const unknown = await unknownCover(c, body);
    if (unknown) return businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: unknown }, "post");
    return reply.send(c, await createPost(c.var.content, body, deps.clock()), "post", withUrls, 201);
  });
  handle(api, getPost, async (c) =>
    reply.found(c, await c.var.content.getPost(c.req.valid("param").postId), "post", withUrls),
  );
  handle(api, updatePostRoute, async (c) => {
    const body = c.req.valid("json");
    const unknown = await unknownCover(c, body);
    if (unknown) return businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: unknown }, "post");
    return reply.send(
      c,
      await updatePost(c.var.content, c.req.valid("param").postId, body, deps.clock()),
      "post",
      withUrls,
    );
  });
  handle(api, deletePost, async (c) =>
    reply.deleted(c, await c.var.content.deletePost(c.req.valid("param").postId), "post"),
  );
}
