import { useState, type ReactElement } from "react";
import { Link as RouterLink, Outlet, useLocation } from "react-router";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import MenuIcon from "@mui/icons-material/Menu";
import PlaylistPlay from "@mui/icons-material/PlaylistPlay";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import Search from "@mui/icons-material/Search";
import Timeline from "@mui/icons-material/Timeline";
import AccountTree from "@mui/icons-material/AccountTree";
import Code from "@mui/icons-material/Code";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import InboxOutlined from "@mui/icons-material/InboxOutlined";
import ApiOutlined from "@mui/icons-material/ApiOutlined";
import { ColorModeToggle } from "../components/color-mode-toggle";
import type { Privilege } from "@baton/contract";
import { privilegeRefusalText, usePermissions } from "../lib/permissions";
import { useCurrentSession } from "../lib/session-context";
import { UserMenu } from "../features/auth/components/user-menu";
import { InboxNavCount } from "../features/notifications/components/inbox-nav-count";
import { QuickOpen } from "../features/quick-open/components/quick-open";
import { LiveBadge } from "./live-badge";
import { NotLiveBanner } from "./not-live-banner";
import { useLiveUpdates } from "./live-updates";

const DRAWER_WIDTH = 220;

interface NavEntry {
  label: string;
  icon: ReactElement;
  /** Absent: the screen is planned and not built yet. */
  to?: string;
  /** Shown after the label and read as part of the link, e.g. a live count. */
  badge?: ReactElement;
  /** The privilege without which the engine refuses what the screen is for (docs/security.md, Privileges). */
  needs?: Privilege;
  /** The screen as a refusal names it. */
  screen?: string;
}

const NAV: readonly NavEntry[] = [
  { label: "Executions", icon: <PlaylistPlay />, to: "/executions" },
  { label: "Inbox", icon: <InboxOutlined />, to: "/notifications", badge: <InboxNavCount /> },
  { label: "Objects", icon: <Inventory2Outlined />, to: "/objects" },
  { label: "Search", icon: <Search />, to: "/search", needs: "SEARCH", screen: "the search" },
  { label: "Forecasts", icon: <Timeline />, to: "/forecasts", needs: "FORECASTS", screen: "forecasts" },
  { label: "Repository", icon: <AccountTree />, to: "/repository", needs: "REPOSITORY", screen: "the repository" },
  { label: "Scripts", icon: <Code />, to: "/scripts", needs: "SCRIPTS", screen: "scripts" },
  { label: "System", icon: <MonitorHeartOutlined />, to: "/system" },
  { label: "API", icon: <ApiOutlined />, to: "/api-explorer" },
];

const NO_OBJECTS: readonly [] = [];

/**
 * The screens. One whose privilege the user lacks stays listed, off, saying which privilege it
 * needs (the System screens stay: the plain health answers every user and each tab says what it needs).
 */
function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const permissions = usePermissions(NO_OBJECTS);
  return (
    <Box component="nav" aria-label="Main">
      <List>
        {NAV.map((entry) =>
          entry.needs !== undefined && permissions.lacks(entry.needs) ? (
            <ListItem key={entry.label} disablePadding title={privilegeRefusalText(entry.screen ?? entry.label, entry.needs)}>
              <ListItemButton disabled aria-label={`${entry.label} (needs ${entry.needs})`} sx={{ "&.Mui-disabled": { opacity: 0.75 } }}>
                <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} secondary={`needs ${entry.needs}`} />
              </ListItemButton>
            </ListItem>
          ) : entry.to ? (
            <ListItem key={entry.label} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                selected={pathname === entry.to || pathname.startsWith(`${entry.to}/`)}
                aria-current={pathname === entry.to ? "page" : undefined}
                onClick={onNavigate}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
                {entry.badge}
              </ListItemButton>
            </ListItem>
          ) : (
            <ListItem key={entry.label} disablePadding>
              <ListItemButton disabled aria-label={`${entry.label} (planned)`}>
                <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} secondary="planned" />
              </ListItemButton>
            </ListItem>
          ),
        )}
      </List>
    </Box>
  );
}

/** App bar, navigation and the page; connects live updates while mounted. */
export function AppShell() {
  const session = useCurrentSession();
  useLiveUpdates(session.client);
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setMobileOpen(true)} sx={{ display: { md: "none" } }}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component={RouterLink} to="/executions" sx={{ color: "inherit", textDecoration: "none", fontWeight: 700, letterSpacing: 0.5 }}>
            Baton
          </Typography>
          <Box sx={{ flex: 1 }} />
          <QuickOpen />
          <LiveBadge />
          <ColorModeToggle />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: "block", md: "none" }, "& .MuiDrawer-paper": { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <Navigation onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: "none", md: "block" },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" },
        }}
      >
        <Toolbar />
        <Navigation />
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, bgcolor: "background.default" }}>
        <Toolbar />
        <NotLiveBanner />
        <Outlet />
      </Box>
    </Box>
  );
}
