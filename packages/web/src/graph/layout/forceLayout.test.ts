import { describe, expect, test } from "vitest";
import { forceLayout } from "./forceLayout.ts";

const card = (id: string) => ({ id, width: 220, height: 70 });

describe("issue 39 large graph layout", () => {
  test("issue 39 a trace's fan-out is spread out, not stacked in a thin column, and no cards overlap", () => {
    const nodes = [card("o"), ...Array.from({ length: 60 }, (_, i) => card(`n${i}`))];
    const edges = nodes.slice(1).map((node, i) => ({
      id: `e${i}`,
      source: i < 10 ? "o" : `n${i % 10}`,
      target: node.id,
    }));
    const positions = forceLayout(nodes, edges);
    const xs = nodes.map((node) => positions[node.id]!.x);
    const ys = nodes.map((node) => positions[node.id]!.y);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    // Neither a column nor a row: the picture uses both directions.
    expect(width / height).toBeGreaterThan(0.25);
    expect(width / height).toBeLessThan(4);
    // Funds flow left to right: the origin's receivers sit to its right on average.
    const right = nodes.slice(1, 11).filter((node) => positions[node.id]!.x > positions.o!.x).length;
    expect(right).toBeGreaterThan(5);
    let overlaps = 0;
    for (let a = 0; a < nodes.length; a++)
      for (let b = a + 1; b < nodes.length; b++) {
        const p = positions[nodes[a]!.id]!;
        const q = positions[nodes[b]!.id]!;
        if (Math.abs(p.x - q.x) < 220 * 0.5 && Math.abs(p.y - q.y) < 70 * 0.5) overlaps++;
      }
    expect(overlaps).toBe(0);
  });

  test("issue 39 the same graph lays out the same", () => {
    const nodes = [card("a"), card("b"), card("c")];
    const edges = [
      { id: "1", source: "a", target: "b" },
      { id: "2", source: "b", target: "c" },
    ];
    expect(forceLayout(nodes, edges)).toEqual(forceLayout(nodes, edges));
  });
});
