import { useMemo } from "react";
import { useNavigate } from "react-router";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ObjectBody } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { WorkflowCanvas } from "../../../components/workflow-canvas";
import { monospace } from "../../../lib/theme";
import { workflowObjectModel, type TaskNode } from "./workflow-object-model";

const hiddenHandle = { opacity: 0, pointerEvents: "none" } as const;

function TaskNodeView({ data }: NodeProps<TaskNode>) {
  const { task, kind, shortName } = data;
  const endpoint = kind !== "task";
  return (
    <Box
      title={`${task.objectName}, line ${task.line}${task.active ? "" : ", inactive"}`}
      sx={{ height: "100%", boxSizing: "border-box", p: endpoint ? 0 : 1.25, borderRadius: endpoint ? 5 : 1.5, border: 1, borderColor: "divider", bgcolor: "background.paper", boxShadow: endpoint ? 0 : 1, opacity: task.active ? 1 : 0.6, cursor: endpoint ? "default" : "pointer", display: "grid", alignContent: "center", textAlign: endpoint ? "center" : "left", overflow: "hidden" }}
    >
      <Handle type="target" position={Position.Left} style={hiddenHandle} isConnectable={false} />
      <Typography variant="body2" sx={{ fontWeight: 700, fontFamily: endpoint ? monospace : undefined, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {endpoint ? kind.toUpperCase() : shortName}
      </Typography>
      {endpoint ? null : (
        <Typography variant="caption" color="text.secondary">
          {task.objectType} · line {task.line}
          {task.active ? "" : " · inactive"}
        </Typography>
      )}
      <Handle type="source" position={Position.Right} style={hiddenHandle} isConnectable={false} />
    </Box>
  );
}

const nodeTypes = { task: TaskNodeView };

/** The workflow as its definition lays it out: tasks at their rows and columns, edges from the line conditions. A click opens the task's object. */
export function WorkflowGraph({ body }: { body: ObjectBody }) {
  const model = useMemo(() => workflowObjectModel(body), [body]);
  const navigate = useNavigate();
  if (!model.ok) return <ErrorAlert error={model.error} context="The workflow definition cannot be drawn" hint="Fix workflow_definitions in the Edit tab." />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {model.prefix ? `Task names are shown without the part they all share, ${model.prefix} · ` : ""}Tasks sit where the definition places them; click a task to open its object.
      </Typography>
      <WorkflowCanvas
        nodes={model.nodes}
        edges={model.edges}
        nodeTypes={nodeTypes}
        start={model.start}
        onNodeClick={(_, node) => {
          if (node.data.kind === "task") void navigate(`/objects/${encodeURIComponent(node.data.task.objectName)}`);
        }}
      />
    </Box>
  );
}
