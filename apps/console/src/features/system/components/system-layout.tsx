import { Link as RouterLink, Outlet, useLocation } from "react-router";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { SYSTEM_TABS, systemTabOf } from "./system-tabs";

/** /system/*: the System screens under one row of tabs, each tab a link with its own URL. */
export function SystemLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Box component="nav" aria-label="System screens" sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}>
        <Tabs value={systemTabOf(pathname)} aria-label="System screens" variant="scrollable" allowScrollButtonsMobile>
          {SYSTEM_TABS.map((tab) => (
            <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={`/system/${tab.path}`} />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
