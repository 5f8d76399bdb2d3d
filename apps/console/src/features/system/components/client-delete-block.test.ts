import { describe, expect, it } from "vitest";
import { clientDeleteBlock } from "./client-delete-block";

describe("why a client cannot be deleted", () => {
  it("keeps the system client", () => {
    expect(clientDeleteBlock(0, 100)).toMatch(/system client/);
  });

  it("keeps the client of the login, and every client outside client 0", () => {
    expect(clientDeleteBlock(100, 100)).toMatch(/logged in to this client; clients are deleted from the system client 0/);
    expect(clientDeleteBlock(200, 100)).toMatch(/log in to client 0/);
  });

  it("lets client 0 delete any other client", () => {
    expect(clientDeleteBlock(100, 0)).toBeNull();
    expect(clientDeleteBlock(200, 0)).toBeNull();
  });
});
