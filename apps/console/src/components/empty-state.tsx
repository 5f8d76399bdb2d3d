import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** Nothing to show (no rows, unknown run, missing object) and what to do next. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: "center", py: 6, px: 2, color: "text.secondary" }}>
      {icon ? <Box sx={{ fontSize: 48, lineHeight: 1, mb: 1, "& svg": { fontSize: 48 } }}>{icon}</Box> : null}
      <Typography variant="h2" component="p" color="text.primary" gutterBottom>
        {title}
      </Typography>
      {children ? <Typography sx={{ maxWidth: 560, mx: "auto" }}>{children}</Typography> : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Box>
  );
}
