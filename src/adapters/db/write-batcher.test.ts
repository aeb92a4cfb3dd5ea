import { describe, expect, it } from "vitest";
import { createWriteBatcher } from "./write-batcher.ts";

interface Write {
  readonly id: string;
  readonly staff: string;
  readonly fails?: boolean;
}

/** A writer that records its batches and answers when told to, like a database round trip. */
function recordingWriter() {
  const batches: string[][] = [];
  const waiting: (() => void)[] = [];
  const writeBatch = async (writes: readonly Write[]) => {
    batches.push(writes.map((w) => w.id));
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (writes.some((w) => w.fails)) throw new Error(`refused: ${writes.find((w) => w.fails)!.id}`);
  };
  const answerAll = async () => {
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { batches, writeBatch, answerAll };
}

/** A batcher over `writeBatch`; `byStaff`: writes of one staff member conflict. */
const batcherOver = (
  writeBatch: (writes: readonly Write[]) => Promise<void>,
  { concurrency = 1, maxBatch = 10, byStaff = true } = {},
) => createWriteBatcher<Write>({ concurrency, maxBatch, conflictKeys: (w) => (byStaff ? [w.staff] : []), writeBatch });

const settle = (p: Promise<void>) =>
  p.then(
    () => "ok",
    (e: Error) => e.message,
  );

describe("createWriteBatcher", () => {
  it("writes at once while a slot is free, and batches what arrives while all are busy", async () => {
    const writer = recordingWriter();
    const batcher = batcherOver(writer.writeBatch);
    const results = ["a", "b", "c", "d"].map((id, i) => settle(batcher.write({ id, staff: `s${i}` })));
    expect(writer.batches).toEqual([["a"]]);
    await writer.answerAll();
    expect(await Promise.all(results)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(writer.batches).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("never puts two writes with a shared key in one batch, and keeps arrival order otherwise", async () => {
    const writer = recordingWriter();
    const batcher = batcherOver(writer.writeBatch);
    const writes = [
      { id: "first", staff: "x" },
      { id: "b1", staff: "anna" },
      { id: "b2", staff: "anna" },
      { id: "c1", staff: "ben" },
      { id: "b3", staff: "anna" },
    ];
    const results = writes.map((w) => settle(batcher.write(w)));
    await writer.answerAll();
    await Promise.all(results);
    expect(writer.batches).toEqual([["first"], ["b1", "c1"], ["b2"], ["b3"]]);
  });

  it("respects maxBatch and the concurrency limit", async () => {
    const writer = recordingWriter();
    const batcher = batcherOver(writer.writeBatch, { concurrency: 2, maxBatch: 3, byStaff: false });
    const results = Array.from({ length: 9 }, (_, i) => settle(batcher.write({ id: `w${i}`, staff: "" })));
    expect(writer.batches).toEqual([["w0"], ["w1"]]);
    await writer.answerAll();
    await Promise.all(results);
    expect(writer.batches.slice(2)).toEqual([["w2", "w3", "w4"], ["w5", "w6", "w7"], ["w8"]]);
  });

  it("when a batch is refused, writes each alone so only the refused write fails", async () => {
    const writer = recordingWriter();
    const batcher = batcherOver(writer.writeBatch);
    const first = settle(batcher.write({ id: "first", staff: "x" }));
    const rest = [
      settle(batcher.write({ id: "p", staff: "a" })),
      settle(batcher.write({ id: "q", staff: "b", fails: true })),
      settle(batcher.write({ id: "r", staff: "c" })),
    ];
    await writer.answerAll();
    expect(await first).toBe("ok");
    expect(await Promise.all(rest)).toEqual(["ok", "refused: q", "ok"]);
    expect(writer.batches).toEqual([["first"], ["p", "q", "r"], ["p"], ["q"], ["r"]]);
  });

  it("a lone write's refusal is its own", async () => {
    const batcher = batcherOver(() => Promise.reject(new Error("23P01")), { concurrency: 4 });
    await expect(batcher.write({ id: "only", staff: "a" })).rejects.toThrow("23P01");
  });
});
