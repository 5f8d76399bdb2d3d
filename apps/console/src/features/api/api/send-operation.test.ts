import { describe, expect, it } from "vitest";
import { answerProblems, readAnswerBody, type TryAnswer } from "./send-operation";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading an answer", () => {
  it("pretty-prints JSON", () => {
    expect(readAnswerBody("application/json; charset=utf-8", bytes('[{"code":45106,"path":"run_id"}]'))).toEqual({ kind: "json", text: '[\n  {\n    "code": 45106,\n    "path": "run_id"\n  }\n]' });
  });

  it("shows text as it came, also JSON that does not parse", () => {
    expect(readAnswerBody("text/plain; version=0.0.4", bytes("# HELP baton_up 1"))).toEqual({ kind: "text", text: "# HELP baton_up 1" });
    expect(readAnswerBody("application/json", bytes("{oops"))).toEqual({ kind: "text", text: "{oops" });
  });

  it("gives only the size of binary answers", () => {
    expect(readAnswerBody("application/octet-stream", new Uint8Array([0x50, 0x4b, 3, 4]))).toEqual({ kind: "binary", size: 4 });
    expect(readAnswerBody("", new Uint8Array([0xff, 0xfe, 0xfd]))).toEqual({ kind: "binary", size: 3 });
  });

  it("says when there is no body", () => {
    expect(readAnswerBody("application/json", new Uint8Array())).toEqual({ kind: "empty" });
  });
});

describe("the problems of an error answer", () => {
  const answer = (status: number, text: string): TryAnswer => ({ method: "GET", url: "/api/x", status, contentType: "application/json", durationMs: 3, body: { kind: "json", text } });

  it("names each validation error with its path", () => {
    expect(answerProblems(answer(400, '[{"code":45106,"error":"run_id must be a number","path":"run_id","invalid_value":"abc"}]'))).toEqual(["run_id: run_id must be a number"]);
  });

  it("gives the message and details of an OutError", () => {
    expect(answerProblems(answer(404, '{"code":11049,"error":"Execution not found.","details":"Cannot find task with RunID \'999\' in client 100."}'))).toEqual(["Execution not found. — Cannot find task with RunID '999' in client 100."]);
  });

  it("has nothing to say of successful or unknown answers", () => {
    expect(answerProblems(answer(200, '{"error":"x","code":1,"details":""}'))).toEqual([]);
    expect(answerProblems(answer(500, '{"message":"boom"}'))).toEqual([]);
  });
});
