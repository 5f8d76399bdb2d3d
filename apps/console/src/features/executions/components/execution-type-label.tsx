import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Terminal from "@mui/icons-material/Terminal";
import AccountTree from "@mui/icons-material/AccountTree";
import EventRepeat from "@mui/icons-material/EventRepeat";
import Code from "@mui/icons-material/Code";
import NotificationsActive from "@mui/icons-material/NotificationsActive";
import Bolt from "@mui/icons-material/Bolt";
import SyncAlt from "@mui/icons-material/SyncAlt";
import DateRange from "@mui/icons-material/DateRange";
import Category from "@mui/icons-material/Category";
import { executionTypeText } from "../../../lib/execution-type";

/** Icons by type code (OutExecution.type). */
const TYPE_ICONS: Readonly<Record<string, (props: SvgIconProps) => ReactElement>> = {
  JOBS: (p) => <Terminal {...p} />,
  JOBP: (p) => <AccountTree {...p} />,
  JSCH: (p) => <EventRepeat {...p} />,
  SCRI: (p) => <Code {...p} />,
  CALL: (p) => <NotificationsActive {...p} />,
  EVNT: (p) => <Bolt {...p} />,
  JOBF: (p) => <SyncAlt {...p} />,
  C_PERIOD: (p) => <DateRange {...p} />,
};

/** The icon of an execution type code; a generic one for types without their own. */
export function typeIcon(type: string): (props: SvgIconProps) => ReactElement {
  return (Object.hasOwn(TYPE_ICONS, type) ? TYPE_ICONS[type] : undefined) ?? ((p) => <Category {...p} />);
}

interface ExecutionTypeLabelProps {
  /** The type code, as OutExecution.type carries it. */
  type: string;
  subType?: string;
}

/** The execution type as icon + words ("Workflow (JOBP)"); the words carry the meaning, the icon helps scanning. */
export function ExecutionTypeLabel({ type, subType }: ExecutionTypeLabelProps) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}>
      {typeIcon(type)({ fontSize: "small", color: "action", "aria-hidden": true })}
      <span>{executionTypeText(type, subType)}</span>
    </Box>
  );
}
