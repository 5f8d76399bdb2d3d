import { Background, Controls, ReactFlow, type Edge, type Node, type NodeMouseHandler, type NodeTypes } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import Box from "@mui/material/Box";
import { useColorScheme } from "@mui/material/styles";
import { graphHeight } from "./workflow-layout";

/**
 * Above this many tasks the graph opens at its start at a readable zoom instead of fitting every
 * task: fitting 10,000 tasks would draw them all at once, too small to read and slow to render.
 * Only the tasks in view are rendered (onlyRenderVisibleElements), and zooming out stops at a
 * level where a few hundred are.
 */
export const LARGE_GRAPH = 400;
const LARGE_ZOOM = 0.8;
const FIT_VIEW = { padding: 0.06 };

interface WorkflowCanvasProps<N extends Node> {
  nodes: N[];
  edges: Edge[];
  nodeTypes: NodeTypes;
  /** Where <START> was placed (workflow-layout), where a large graph opens. */
  start: { x: number; y: number } | undefined;
  onNodeClick: NodeMouseHandler<N>;
}

/** A workflow drawn as laid out by workflow-layout: read-only, pan and zoom, in the page's colour mode. */
export function WorkflowCanvas<N extends Node>({ nodes, edges, nodeTypes, start, onNodeClick }: WorkflowCanvasProps<N>) {
  const { mode, systemMode } = useColorScheme();
  const colorMode = mode === "system" || mode === undefined ? (systemMode ?? "light") : mode;
  const large = nodes.length > LARGE_GRAPH;
  return (
    <Box sx={{ height: graphHeight(nodes.map((n) => n.position.y)), minHeight: 320, border: 1, borderColor: "divider", borderRadius: 1 }} role="region" aria-label="Workflow graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        colorMode={colorMode}
        defaultViewport={large && start ? { x: 40 - start.x * LARGE_ZOOM, y: 40 - start.y * LARGE_ZOOM, zoom: LARGE_ZOOM } : undefined}
        minZoom={large ? 0.4 : 0.1}
        fitView={!large}
        fitViewOptions={FIT_VIEW}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        onNodeClick={onNodeClick}
      >
        <Background />
        <Controls showInteractive={false} fitViewOptions={FIT_VIEW} />
      </ReactFlow>
    </Box>
  );
}
