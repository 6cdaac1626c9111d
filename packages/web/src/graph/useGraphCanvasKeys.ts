import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { moveNodes, nearestNode } from "./graphEditing.ts";
import { $graph, editGraph, selectNode } from "./graphSession.ts";

// Arrow keys and Enter act on the graph only while the focus is on the graph page itself (its
// heading, its canvas), never on a button, link or field, where they keep their own meaning.
const scope = "graph-canvas";
const interactive =
  "a, button, input, select, textarea, [role='button'], [role='menuitem'], [role='dialog'] *";

function focusOnGraph(element: Element | null): boolean {
  if (!element || element === document.body) return true;
  return Boolean(element.closest(".sleuth-graph-page")) && !element.matches(interactive);
}

// How far Alt+arrow moves the selected node: one grid step.
const nudge = 20;

/** Keyboard moves between and of nodes (issue 30), and Enter to open the selected node's page. */
export function useGraphCanvasKeys(): void {
  const [active, setActive] = useState(() => focusOnGraph(document.activeElement));
  const [, navigate] = useLocation();
  useEffect(() => {
    const update = () => setActive(focusOnGraph(document.activeElement));
    // After a blur the focus may land on the body, which only focusout reveals (a frame later).
    const later = () => setTimeout(update, 0);
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", later);
    return () => {
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", later);
    };
  }, []);

  const select = (direction: "left" | "right" | "up" | "down") => {
    const { document: graph, selectedId } = $graph.get();
    const next = nearestNode(graph.nodes, selectedId, direction);
    if (next) selectNode(next);
  };
  const move = (dx: number, dy: number) => {
    const { document: graph, selectedId } = $graph.get();
    const node = graph.nodes.find((entry) => entry.id === selectedId);
    if (node)
      editGraph((current) => moveNodes(current, new Map([[node.id, { x: node.x + dx, y: node.y + dy }]])));
  };
  const keys = [
    {
      id: "graph.selectLeft",
      keys: "ArrowLeft",
      description: "Select the node to the left",
      run: () => select("left"),
    },
    {
      id: "graph.selectRight",
      keys: "ArrowRight",
      description: "Select the node to the right",
      run: () => select("right"),
    },
    { id: "graph.selectUp", keys: "ArrowUp", description: "Select the node above", run: () => select("up") },
    {
      id: "graph.selectDown",
      keys: "ArrowDown",
      description: "Select the node below",
      run: () => select("down"),
    },
    {
      id: "graph.moveLeft",
      keys: "Alt+ArrowLeft",
      description: "Move the selected node left",
      run: () => move(-nudge, 0),
    },
    {
      id: "graph.moveRight",
      keys: "Alt+ArrowRight",
      description: "Move the selected node right",
      run: () => move(nudge, 0),
    },
    {
      id: "graph.moveUp",
      keys: "Alt+ArrowUp",
      description: "Move the selected node up",
      run: () => move(0, -nudge),
    },
    {
      id: "graph.moveDown",
      keys: "Alt+ArrowDown",
      description: "Move the selected node down",
      run: () => move(0, nudge),
    },
    {
      id: "graph.openNode",
      keys: "Enter",
      description: "Open the selected node's page",
      run: () => {
        const { document: graph, selectedId } = $graph.get();
        const node = graph.nodes.find((entry) => entry.id === selectedId);
        const path = node ? pathOfUrn(node.trmUrn) : null;
        if (path) navigate(path);
      },
    },
  ];
  for (const key of keys) {
    // biome-ignore lint/correctness/useHookAtTopLevel: a fixed list, the same hooks on every render.
    useHotkey({ ...key, group: "Graph", scope });
  }
  useHotkeyScope(scope, active);
}
