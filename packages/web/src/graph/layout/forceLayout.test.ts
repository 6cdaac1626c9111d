import { describe, expect, test } from "vitest";
import { forceLayout, type Positions } from "./forceLayout.ts";

const card = (id: string) => ({ id, width: 220, height: 70 });

/** Pairs of cards whose rectangles overlap. */
function overlapsOf(nodes: readonly { id: string; width: number; height: number }[], positions: Positions) {
  let overlaps = 0;
  for (let a = 0; a < nodes.length; a++)
    for (let b = a + 1; b < nodes.length; b++) {
      const p = positions[nodes[a]!.id]!;
      const q = positions[nodes[b]!.id]!;
      if (
        p.x < q.x + nodes[b]!.width &&
        q.x < p.x + nodes[a]!.width &&
        p.y < q.y + nodes[b]!.height &&
        q.y < p.y + nodes[a]!.height
      )
        overlaps++;
    }
  return overlaps;
}

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
    expect(overlapsOf(nodes, positions)).toBe(0);
  });

  test("issue 39 a 250-node trace of six-way fan-outs keeps every card apart, hops running left to right", () => {
    const nodes = [card("root")];
    const edges: { id: string; source: string; target: string }[] = [];
    const hop = new Map([["root", 0]]);
    for (let index = 0; nodes.length < 250; index++) {
      const parent = nodes[Math.floor(index / 6)]!.id;
      const id = `n${index}`;
      nodes.push(card(id));
      edges.push({ id: `e${index}`, source: parent, target: id });
      hop.set(id, hop.get(parent)! + 1);
    }
    const positions = forceLayout(nodes, edges);
    expect(overlapsOf(nodes, positions)).toBe(0);
    // Hop by hop the cards sit further right on average.
    const meanX = (h: number) => {
      const xs = nodes.filter((node) => hop.get(node.id) === h).map((node) => positions[node.id]!.x);
      return xs.reduce((sum, x) => sum + x, 0) / xs.length;
    };
    for (let h = 1; h <= 3; h++) expect(meanX(h)).toBeGreaterThan(meanX(h - 1));
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
