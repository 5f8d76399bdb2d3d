import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Terminal from "@mui/icons-material/Terminal";
import AccountTree from "@mui/icons-material/AccountTree";
import EventRepeat from "@mui/icons-material/EventRepeat";
import Code from "@mui/icons-material/Code";
import Category from "@mui/icons-material/Category";

const TYPE_ICONS: Readonly<Record<string, (props: SvgIconProps) => ReactElement>> = {
  Job: (p) => <Terminal {...p} />,
  Workflow: (p) => <AccountTree {...p} />,
  Schedule: (p) => <EventRepeat {...p} />,
  Script: (p) => <Code {...p} />,
};

/** The icon of an execution type; a generic one for types without their own. */
export function typeIcon(type: string): (props: SvgIconProps) => ReactElement {
  return TYPE_ICONS[type] ?? ((p) => <Category {...p} />);
}

interface ExecutionTypeLabelProps {
  type: string;
  subType?: string;
}

/** The execution type as icon + word; the word carries the meaning, the icon helps scanning. */
export function ExecutionTypeLabel({ type, subType }: ExecutionTypeLabelProps) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}>
      {typeIcon(type)({ fontSize: "small", color: "action", "aria-hidden": true })}
      <span>{subType ? `${type} (${subType})` : type}</span>
    </Box>
  );
}
