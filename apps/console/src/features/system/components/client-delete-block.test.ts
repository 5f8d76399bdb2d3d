import { describe, expect, it } from "vitest";
import { clientDeleteBlock } from "./client-delete-block";

describe("why a client cannot be deleted", () => {
  it("keeps the system client", () => {
    expect(clientDeleteBlock(0, 100)).toMatch(/system client/);
  });

  it("keeps the client of the login", () => {
    expect(clientDeleteBlock(100, 100)).toMatch(/log in to another client/);
  });

  it("lets any other client go", () => {
    expect(clientDeleteBlock(200, 100)).toBeNull();
    expect(clientDeleteBlock(100, 0)).toBeNull();
  });
});
