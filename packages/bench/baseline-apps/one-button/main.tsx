import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import Button from "@mui/material/Button";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Button variant="contained">Start</Button>
  </StrictMode>,
);
