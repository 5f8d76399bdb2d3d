import type { ReactNode } from "react";
import Box from "@mui/material/Box";

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list, laid out in responsive columns. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(4, 1fr)" },
        columnGap: 3,
        rowGap: 1.5,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ color: "text.secondary", fontSize: "0.78rem", textTransform: "uppercase", letterSpacing: 0.4 }}>
            {item.label}
          </Box>
          <Box component="dd" sx={{ m: 0, wordBreak: "break-word" }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
