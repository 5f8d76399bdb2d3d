import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadRouteTable } from "./lib/rest-operations";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

preloadRouteTable();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
