import { describe, expect, test } from "vitest";
import { layeredLayoutMaxElements, layoutAlgorithmFor } from "./layoutRequest.ts";
import {
  type LayoutEdge,
  type LayoutNode,
  spanningForest,
  spanningTreeLayout,
} from "./spanningTreeLayout.ts";

const node = (id: string, height = 78): LayoutNode => ({ id, width: 220, height });
const edge = (id: string, source: string, target: string): LayoutEdge => ({ id, source, target });

/** A seeded random graph with several connected parts, lone nodes, a self-loop and a dangling edge. */
function randomGraph(size: number) {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const nodes = Array.from({ length: size }, (_, index) => node(`n${index}`, index % 5 === 0 ? 104 : 78));
  const edges: LayoutEdge[] = [];
  // Three parts (ids ≡ 0, 1, 2 mod 3, the first ten of the last part left alone), then noise.
  for (let index = 3; index < size; index++) {
    if (index % 3 === 2 && index < 30) continue;
    const parent = (Math.floor(random() * Math.floor(index / 3)) * 3 + (index % 3)) % index;
    edges.push(
      random() < 0.5
        ? edge(`t${index}`, `n${parent}`, `n${index}`)
        : edge(`t${index}`, `n${index}`, `n${parent}`),
    );
  }
  for (let extra = 0; extra < size; extra++) {
    const a = Math.floor(random() * size);
    const b = (a + 3 * (1 + Math.floor(random() * 5))) % size;
    edges.push(edge(`x${extra}`, `n${a}`, `n${b}`));
  }
  edges.push(edge("loop", "n4", "n4"), edge("dangling", "n4", "gone"));
  return { nodes, edges };
}

function overlap(
  a: { x: number; y: number; node: LayoutNode },
  b: { x: number; y: number; node: LayoutNode },
) {
  return (
    a.x < b.x + b.node.width &&
    b.x < a.x + a.node.width &&
    a.y < b.y + b.node.height &&
    b.y < a.y + a.node.height
  );
}

describe("issue 30 large graphs are laid out along a spanning tree", () => {
  test("issue 30 every node is placed once and no two nodes overlap", () => {
    const { nodes, edges } = randomGraph(600);
    const positions = spanningTreeLayout(nodes, edges);
    expect(Object.keys(positions).sort()).toEqual(nodes.map((entry) => entry.id).sort());
    const placed = nodes.map((entry) => ({ ...positions[entry.id]!, node: entry }));
    const overlapping: string[] = [];
    for (let a = 0; a < placed.length; a++)
      for (let b = a + 1; b < placed.length; b++)
        if (overlap(placed[a]!, placed[b]!)) overlapping.push(`${placed[a]!.node.id}/${placed[b]!.node.id}`);
    expect(overlapping).toEqual([]);
  });

  test("issue 30 the tree is breadth-first from the earliest plotted node, edges taken in order", () => {
    const nodes = ["a", "b", "c", "d", "lone"].map((id) => node(id));
    const edges = [edge("ab", "a", "b"), edge("cb", "c", "b"), edge("ac", "a", "c"), edge("bd", "b", "d")];
    const forest = spanningForest(nodes, edges);
    expect(forest.treeEdges).toEqual(["ab", "ac", "bd"]);
    expect(forest.roots.map((root) => root.node.id)).toEqual(["a", "lone"]);
    // The same graph gives the same picture every time.
    expect(spanningTreeLayout(nodes, edges)).toEqual(spanningTreeLayout(nodes, edges));
  });

  test("issue 30 senders sit left of a node and receivers right of it along the tree", () => {
    const { nodes, edges } = randomGraph(300);
    const positions = spanningTreeLayout(nodes, edges);
    const byId = new Map(edges.map((entry) => [entry.id, entry]));
    const tree = spanningForest(nodes, edges).treeEdges.map((id) => byId.get(id)!);
    expect(tree.length).toBeGreaterThan(200);
    for (const { source, target } of tree) expect(positions[source]!.x).toBeLessThan(positions[target]!.x);
  });

  test("issue 30 a node's counterparties are stacked centred on it, incoming left and outgoing right", () => {
    const nodes = ["subject", "in1", "in2", "out1", "out2", "out3"].map((id) => node(id));
    const edges = [
      edge("1", "in1", "subject"),
      edge("2", "subject", "out1"),
      edge("3", "in2", "subject"),
      edge("4", "subject", "out2"),
      edge("5", "subject", "out3"),
    ];
    const at = spanningTreeLayout(nodes, edges);
    expect(at.in1!.x).toBe(at.in2!.x);
    expect(at.in1!.x).toBeLessThan(at.subject!.x);
    expect(at.out1!.x).toBeGreaterThan(at.subject!.x);
    expect([at.out1!.y < at.out2!.y, at.out2!.y < at.out3!.y, at.in1!.y < at.in2!.y]).toEqual([
      true,
      true,
      true,
    ]);
    expect(at.out2!.y).toBe(at.subject!.y);
    expect((at.in1!.y + at.in2!.y) / 2).toBe(at.subject!.y);
  });

  test("issue 30 small graphs keep elk's layered layout, large ones get the spanning tree", () => {
    const { nodes, edges } = randomGraph(300);
    expect(layoutAlgorithmFor({ nodes, edges })).toBe("spanningTree");
    const small = { nodes: nodes.slice(0, 10), edges: edges.slice(0, 10) };
    expect(layoutAlgorithmFor(small)).toBe("layered");
    expect(layoutAlgorithmFor({ nodes: nodes.slice(0, layeredLayoutMaxElements + 1), edges: [] })).toBe(
      "spanningTree",
    );
  });
});
