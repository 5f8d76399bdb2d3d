import { useMemo, useRef } from "react";
import { Link as RouterLink } from "react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import Folder from "@mui/icons-material/Folder";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { formatDateTime } from "../../../lib/format";
import type { OutSearchResultItem } from "@baton/contract";
import { FOLDER_CONTENTS_LIMIT, useFolderContents } from "../api/get-folder-contents";
import { useFolderPresence, type FolderPresence } from "../api/get-folder-presence";
import { useSubfolders } from "../api/get-subfolders";
import { displayFolder, folderName, folderUrl } from "../api/folder-path";

/** Rows have one height, so the virtualizer never measures and a folder of thousands scrolls like one of fifty. */
const ROW_HEIGHT = 41;
const HEADER_HEIGHT = 37;

const cellSx = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", py: 0, height: ROW_HEIGHT } as const;

type ContentRow = { kind: "folder"; path: string } | { kind: "object"; item: OutSearchResultItem };

function ContentRowView({ row }: { row: ContentRow }) {
  if (row.kind === "folder") {
    return (
      <TableRow hover sx={{ height: ROW_HEIGHT }}>
        <TableCell sx={cellSx}>
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
            <Folder fontSize="small" color="action" aria-hidden />
            <Link component={RouterLink} to={folderUrl(row.path)} aria-label={`Folder ${folderName(row.path)}`}>
              {folderName(row.path)}
            </Link>
          </Box>
        </TableCell>
        <TableCell sx={cellSx}>
          <Chip size="small" variant="outlined" label="FOLD" />
        </TableCell>
        <TableCell sx={cellSx} />
        <TableCell sx={cellSx} />
      </TableRow>
    );
  }
  const { item } = row;
  return (
    <TableRow hover sx={{ height: ROW_HEIGHT }}>
      <TableCell sx={cellSx}>
        <Link component={RouterLink} to={`/objects/${encodeURIComponent(item.name)}`} sx={{ fontWeight: 600 }}>
          {item.name}
        </Link>
      </TableCell>
      <TableCell sx={cellSx}>
        <Chip size="small" variant="outlined" label={item.type} />
      </TableCell>
      <TableCell sx={cellSx} title={item.title ?? undefined}>
        {item.title ?? ""}
      </TableCell>
      <TableCell sx={cellSx}>{formatDateTime(new Date(item.modified_date).toISOString())}</TableCell>
    </TableRow>
  );
}

function ContentsTable({ folder, rows }: { folder: string; rows: readonly ContentRow[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const spacer = (height: number) =>
    height > 0 ? (
      <TableRow aria-hidden sx={{ height }}>
        <TableCell colSpan={4} sx={{ p: 0, border: 0 }} />
      </TableRow>
    ) : null;
  return (
    <TableContainer ref={scrollRef} sx={{ maxHeight: `min(60vh, ${rows.length * ROW_HEIGHT + HEADER_HEIGHT + 2}px)`, overflow: "auto" }}>
      <Table size="small" stickyHeader aria-label={`Contents of ${displayFolder(folder)}`} aria-rowcount={rows.length + 1} sx={{ tableLayout: "fixed" }}>
        <colgroup>
          <col style={{ width: "38%" }} />
          <col style={{ width: 90 }} />
          <col />
          <col style={{ width: 170 }} />
        </colgroup>
        <TableHead>
          <TableRow sx={{ height: HEADER_HEIGHT }}>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Modified</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {spacer(paddingTop)}
          {items.map((virtual) => {
            const row = rows[virtual.index];
            return row === undefined ? null : <ContentRowView key={row.kind === "folder" ? `f:${row.path}` : row.item.name} row={row} />;
          })}
          {spacer(paddingBottom)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A folder in the URL that does not exist: said so (rather than "empty"), with the way to the nearest one that does. */
function MissingFolder({ folder, presence }: { folder: string; presence: FolderPresence }) {
  return (
    <Alert severity="warning" variant="outlined">
      Folder {displayFolder(folder)} does not exist.{" "}
      <Link component={RouterLink} to={folderUrl(presence.nearest)}>
        {presence.nearest === "" ? "Open the root folder" : `Open ${displayFolder(presence.nearest)}`}
      </Link>
      , the nearest folder that does, or drop object files below to create it with them.
    </Alert>
  );
}

/** The subfolders and objects directly in a folder: name, type, title, last change. */
export function FolderContents({ folder }: { folder: string }) {
  const contents = useFolderContents(folder);
  const subfolders = useSubfolders(folder, true);
  const rows = useMemo<ContentRow[]>(
    () => [...(subfolders.data?.folders ?? []).map((path): ContentRow => ({ kind: "folder", path })), ...(contents.data?.rows ?? []).filter((item) => item.type !== "FOLD").map((item): ContentRow => ({ kind: "object", item }))],
    [subfolders.data, contents.data],
  );
  // A folder that shows nothing may not exist at all: only then is the engine asked.
  const presence = useFolderPresence(folder, contents.isSuccess && subfolders.isSuccess && rows.length === 0);
  if (contents.isPending) return <LoadingState label={`Reading ${displayFolder(folder)}…`} />;
  if (contents.isError) return <ErrorAlert error={contents.error} context={`Could not read ${displayFolder(folder)}`} onRetry={() => void contents.refetch()} />;
  if (presence.data?.exists === false) return <MissingFolder folder={folder} presence={presence.data} />;
  const objects = rows.filter((row) => row.kind === "object").length;
  const folders = rows.length - objects;
  return (
    <Box>
      <ContentsTable folder={folder} rows={rows} />
      {rows.length === 0 && !presence.isFetching ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          This folder is empty. Drop object files or a folder below to import them here.
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
        {objects.toLocaleString("en-US")} object{objects === 1 ? "" : "s"}
        {contents.data.complete ? "" : ` (the first ${FOLDER_CONTENTS_LIMIT.toLocaleString("en-US")}; open a subfolder or use Search for the rest)`}
        {folders > 0 ? `, ${folders} folder${folders === 1 ? "" : "s"}` : ""}
      </Typography>
    </Box>
  );
}
