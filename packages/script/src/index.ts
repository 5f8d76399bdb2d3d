export { classifyLine, type LineKind } from "./classify-line";
export { ScriptSyntaxError } from "./script-syntax-error";
export { substituteVariables } from "./substitute";
export { MAX_STATEMENT_LENGTH, tokenizeLine } from "./tokenizer";
export type {
  NumberToken,
  Operator,
  OperatorToken,
  PunctuationToken,
  SourceSpan,
  StringToken,
  Token,
  TokenKind,
  VariableToken,
  WordToken,
} from "./tokens";
export { MAX_VARIABLE_NAME_LENGTH, variableKey } from "./variable-name";
export { HostError, type RunOptions, type ScriptHost, type ScriptResult, type ScriptValue } from "./host";
