import { describe, expect, expectTypeOf, it } from "vitest";
import type { OutExecutionList } from "../schemas/executions";
import { operations, operationPath, type OperationAnswer, type OperationBody, type OperationParams, type OperationQuery } from "./index";

describe("operationPath", () => {
  it("fills in each path parameter of an operation", () => {
    expect(operationPath(operations.getExecutionsRunIdReportsReportType, { client_id: 100, run_id: 1001, report_type: "REP" })).toBe("/100/executions/1001/reports/REP");
    expect(operationPath(operations.getPing, {})).toBe("/ping");
  });

  it("keeps each value inside its own segment, encoded", () => {
    expect(operationPath(operations.postUsersUserNameUnlock, { client_id: 0, user_name: "ADMIN/ADMIN" })).toBe("/0/users/ADMIN%2FADMIN/unlock");
    expect(operationPath(operations.getObjectsObjectName, { client_id: 100, object_name: "\\OPS\\NIGHTLY" })).toBe("/100/objects/%5COPS%5CNIGHTLY");
    expect(operationPath(operations.getObjectsObjectName, { client_id: 100, object_name: "A B?#%" })).toBe("/100/objects/A%20B%3F%23%25");
  });

  it("fills a trailing wildcard with the value of `*`", () => {
    expect(operationPath(operations.getFolderobjectsFolderPath, { client_id: 100, "*": "OPS/NIGHTLY" })).toBe("/100/folderobjects/OPS%2FNIGHTLY");
  });

  it("refuses a missing parameter instead of writing `undefined` into the path", () => {
    const params: Record<string, string | number> = { client_id: 100 };
    expect(() => operationPath({ path: "/:client_id/executions/:run_id" }, params)).toThrow(/run_id/);
  });
});

describe("the route table's types", () => {
  it("types each operation's params, query, body and answer by its schemas", () => {
    expectTypeOf<OperationParams<"getExecutionsRunId">>().toEqualTypeOf<{ readonly client_id: string | number; readonly run_id: string | number }>();
    expectTypeOf<OperationQuery<"getExecutions">>().toHaveProperty("max_results");
    expectTypeOf<OperationBody<"getExecutions">>().toEqualTypeOf<undefined>();
    expectTypeOf<OperationBody<"postScripts">>().toHaveProperty("script");
    expectTypeOf<OperationAnswer<"getExecutions">>().toEqualTypeOf<OutExecutionList>();
    expectTypeOf<OperationAnswer<"deleteObjectsObjectName">>().toEqualTypeOf<void>();
  });
});
